import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../adapters/i18n';
import { clockLabel } from '#shared/domain/durations';
import { useTimeLimitLabel } from '../../lib/use-time-limit-label';
import styles from './play.module.css';
import { useServerCountdown } from './use-server-countdown';

/**
 * On the instructions, before the start: the time left before the week closes, once it is less
 * than the time a set would give the player (ADR 0014, 0037). At the close the week's state is asked
 * again, so the screen moves on to what comes next.
 */
export function ClosingSoon({
  closesAt,
  serverNow,
  limitSeconds,
}: {
  closesAt: string;
  serverNow: string;
  /** The player's own time for a set (five minutes × their time factor). */
  limitSeconds: number;
}) {
  const { t } = useTranslation();
  const limitLabel = useTimeLimitLabel();
  const queryClient = useQueryClient();
  const remaining = useServerCountdown(closesAt, serverNow, () => {
    void queryClient.invalidateQueries({ queryKey: ['current-week'] });
  });
  if (remaining >= limitSeconds * 1000) return null;
  return (
    <p className={styles.warning}>
      {t('play.closingSoon', { time: clockLabel(remaining), limit: limitLabel(limitSeconds) })}
    </p>
  );
}
