import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../adapters/i18n';
import { clockLabel } from '#shared/domain/durations';
import { PLAY_SECONDS } from '#shared/domain/scoring';
import styles from './play.module.css';
import { useServerCountdown } from './use-server-countdown';

/**
 * On the instructions, before the start: the time left before the week closes, once it is less
 * than the five minutes a set would have (ADR 0014). At the close the week's state is asked
 * again, so the screen moves on to what comes next.
 */
export function ClosingSoon({ closesAt, serverNow }: { closesAt: string; serverNow: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remaining = useServerCountdown(closesAt, serverNow, () => {
    void queryClient.invalidateQueries({ queryKey: ['current-week'] });
  });
  if (remaining >= PLAY_SECONDS * 1000) return null;
  return <p className={styles.warning}>{t('play.closingSoon', { time: clockLabel(remaining) })}</p>;
}
