import { useTranslation } from '../../adapters/i18n';
import type { Standings, TeamStanding } from '#shared/contracts/standings';
import { Flag } from '../../components/flag';
import { countryName, formatPoints, pointsCount } from '../../lib/format';
import styles from './leaderboard.module.css';

/** Spec §2: the placeholder has 10 rows. */
const PLACEHOLDER_ROWS = 10;
const DASH = '–';

/**
 * The leaderboard table: position, team, overall weighted score, top participant and the
 * change of position since the previous week closed. While loading, ten placeholder rows; after
 * a failed load, a dash.
 */
export function StandingsTable({
  standings,
  loading,
  myTeamId,
}: {
  standings: Standings | undefined;
  loading: boolean;
  myTeamId: number | null;
}) {
  const { t } = useTranslation();
  const week = standings?.setNum ?? null;
  return (
    <div className={styles.tableScroller} role="region" aria-labelledby="standings-caption">
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption id="standings-caption" className={styles.caption}>
          {week === null ? t('leaderboard.caption') : t('leaderboard.captionWeek', { week })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('leaderboard.columns.position')}</th>
            <th scope="col">{t('leaderboard.columns.team')}</th>
            <th scope="col" className={styles.number}>
              {t('leaderboard.columns.score')}
            </th>
            <th scope="col">{t('leaderboard.columns.topPlayer')}</th>
            <th scope="col" className={styles.number}>
              {t('leaderboard.columns.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <PlaceholderRows />
          ) : standings && standings.teams.length > 0 ? (
            standings.teams.map((team) => (
              <TeamRow key={team.teamId} team={team} mine={team.teamId === myTeamId} />
            ))
          ) : (
            <tr>
              <td colSpan={5}>{DASH}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function TeamRow({ team, mine }: { team: TeamStanding; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const name = countryName(team.flag, team.name, i18n.language);
  return (
    <tr className={mine ? styles.mine : undefined}>
      <td className={styles.position}>{team.position}</td>
      <th scope="row" className={styles.teamCell}>
        <Flag code={team.flag} />
        <span>{name}</span>
        {mine && <span className={styles.yours}>{t('leaderboard.yourTeam')}</span>}
      </th>
      <td className={styles.number}>{formatPoints(team.overall, i18n.language)}</td>
      <td>
        <span className={styles.cellLabel}>{t('leaderboard.columns.topPlayer')}: </span>
        {team.topPlayer ? (
          <>
            {team.topPlayer.name}{' '}
            <span className={styles.muted}>
              ({t('standings.points', pointsCount(team.topPlayer.total, i18n.language))})
            </span>
          </>
        ) : (
          DASH
        )}
      </td>
      <td className={styles.number}>
        <PositionChange change={team.change} />
      </td>
    </tr>
  );
}

function PositionChange({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null) {
    return (
      <>
        <span aria-hidden="true">{DASH}</span>
        <span className="visually-hidden">{t('leaderboard.change.none')}</span>
      </>
    );
  }
  const [symbol, text, tone] =
    change > 0
      ? ['▲', t('leaderboard.change.up', { places: change }), styles.up]
      : change < 0
        ? ['▼', t('leaderboard.change.down', { places: -change }), styles.down]
        : ['=', t('leaderboard.change.same'), undefined];
  return (
    <span className={tone}>
      <span aria-hidden="true">
        {symbol}
        {change !== 0 && ` ${Math.abs(change)}`}
      </span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

function PlaceholderRows() {
  const { t } = useTranslation();
  return Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
    <tr key={row}>
      {Array.from({ length: 5 }, (_, cell) => (
        <td key={cell}>
          {row === 0 && cell === 0 ? (
            <span role="status" className="visually-hidden">
              {t('app.loading')}
            </span>
          ) : null}
          <span className={styles.bar} aria-hidden="true" />
        </td>
      ))}
    </tr>
  ));
}
