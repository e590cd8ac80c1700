import { useTranslation } from '../../../adapters/i18n';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { fastestTimeLabel } from '#shared/domain/durations';
import { formatPoints, formatShortDate } from '../../../lib/format';
import { usePlayerZone } from './player-zone';
import styles from './players.module.css';
import stacked from '../stacked-table.module.css';

type Week = PlayerDetail['weeks'][number];
const DASH = '–';

/** The holiday override is offered for an active week the player has not started. */
export const canMarkInactive = (detail: PlayerDetail, week: Week) =>
  detail.player.registered && week.active && week.attempt === null;

/** The player's six weeks: dates, status, active flag, game, score, time, challenger. */
export function PlayerWeeks({
  detail,
  onOverride,
}: {
  detail: PlayerDetail;
  onOverride: (setNum: number) => void;
}) {
  const { t } = useTranslation('organise-players');
  const timeZone = usePlayerZone(detail.player.team?.id);
  return (
    <section className={styles.section}>
      <h2 id="weeks-title" className={styles.heading}>
        {t('player.weeksTitle')}
      </h2>
      <div className={styles.scroller} role="region" aria-labelledby="weeks-title" tabIndex={0}>
        <table className={`${styles.table} ${stacked.table}`}>
          <caption className="visually-hidden">
            {t('player.weeksCaption', { name: detail.player.name })}
          </caption>
          <thead>
            <tr>
              {(
                [
                  'week',
                  'dates',
                  'status',
                  'active',
                  'attempt',
                  'score',
                  'time',
                  'challenger',
                  'action',
                ] as const
              ).map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={column === 'score' || column === 'time' ? styles.number : undefined}
                >
                  {t(`player.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {detail.weeks.map((week) => (
              <WeekRow
                key={week.setNum}
                week={week}
                timeZone={timeZone}
                overridable={canMarkInactive(detail, week)}
                onOverride={() => onOverride(week.setNum)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function WeekRow({
  week,
  timeZone,
  overridable,
  onOverride,
}: {
  week: Week;
  timeZone: string;
  overridable: boolean;
  onOverride: () => void;
}) {
  const { t, i18n } = useTranslation('organise-players');
  const { attempt } = week;
  const game = !attempt
    ? t('player.attempt.none')
    : attempt.timedOut
      ? t('player.attempt.timedOut')
      : t(`player.attempt.${attempt.status}`);
  return (
    <tr className={week.active ? undefined : styles.inactiveRow}>
      <th scope="row" className={styles.nowrap}>
        {t('common.week', { number: week.setNum })}
        <span className={styles.sub}>
          {t('player.event', { event: week.eventId, week: week.eventWeek })}
        </span>
      </th>
      <td className={styles.nowrap} data-label={t('player.columns.dates')}>
        {t('player.dates', {
          from: formatShortDate(week.opensAt, i18n.language, timeZone),
          to: formatShortDate(week.closesAt, i18n.language, timeZone),
        })}
      </td>
      <td data-label={t('player.columns.status')}>{t(`common.weekStatus.${week.status}`)}</td>
      <td data-label={t('player.columns.active')}>
        {week.active ? t('player.activeFlag.yes') : t('player.activeFlag.no')}
      </td>
      <td data-label={t('player.columns.attempt')}>
        {game}
        {attempt && (
          <span className={styles.sub}>
            {t('player.attempt.forTeam', { team: attempt.team.name })}
          </span>
        )}
      </td>
      <td className={styles.number} data-label={t('player.columns.score')}>
        {attempt && attempt.weekScore !== null
          ? formatPoints(attempt.weekScore, i18n.language)
          : DASH}
      </td>
      <td className={styles.number} data-label={t('player.columns.time')}>
        {attempt && attempt.elapsedSeconds !== null
          ? fastestTimeLabel(attempt.elapsedSeconds)
          : DASH}
      </td>
      <td data-label={t('player.columns.challenger')}>
        {attempt ? t(`player.challenger.${attempt.challenger}`) : DASH}
      </td>
      <td data-label={t('player.columns.action')}>
        {overridable ? (
          <button
            type="button"
            className={`button button-secondary ${styles.small}`}
            onClick={onOverride}
          >
            {t('player.markInactive')}
            <span className="visually-hidden"> {t('common.week', { number: week.setNum })}</span>
          </button>
        ) : (
          DASH
        )}
      </td>
    </tr>
  );
}
