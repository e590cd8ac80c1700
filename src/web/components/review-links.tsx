import { useTranslation } from '../adapters/i18n';
import { Link } from '../adapters/router';
import { closedEverywhere } from '#shared/domain/calendar';
import { usePlayer } from '../lib/use-player';

/**
 * The weeks a player may review: closed in every time zone, by the rule the server applies
 * (closedEverywhere), on the server's clock as /api/me last told it.
 */
export function useReviewableWeeks(): number[] {
  const me = usePlayer();
  const now = new Date(me.serverNow);
  return (me.season?.weeks ?? [])
    .filter((week) => closedEverywhere(week, now))
    .map((week) => week.setNum);
}

/** A link to the last week that can be reviewed, or nothing before the first one. */
export function LastWeekReviewLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const last = useReviewableWeeks().at(-1);
  if (last === undefined) return null;
  return (
    <p className={className}>
      <Link to={`/weeks/${last}/review`}>{t('review.lastWeekLink', { week: last })}</Link>
    </p>
  );
}
