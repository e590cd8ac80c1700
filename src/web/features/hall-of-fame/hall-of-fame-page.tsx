import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { HallOfFame } from '#shared/contracts/past-seasons';
import { REGIONS } from '#shared/domain/regions';
import { Flag } from '../../components/flag';
import { LoadFailed } from '../../components/load-failed';
import { countryName, formatDate, formatPoints, pointsCount } from '../../lib/format';
import { usePlayer } from '../../lib/use-player';
import { useHallOfFame } from './api/hall-of-fame';
import styles from './hall-of-fame.module.css';

type PastSeason = HallOfFame['seasons'][number];

/**
 * /hall-of-fame (ADR 0039): each archived season, latest first, with its regional winners and
 * its final team order, as frozen when the next season was launched.
 */
export function HallOfFamePage() {
  const { t } = useTranslation();
  const fame = useHallOfFame();
  return (
    <div className="screen">
      <h1 className="screen-title">{t('hallOfFame.title')}</h1>
      <p className="screen-lead">{t('hallOfFame.lead')}</p>
      {fame.data ? (
        fame.data.seasons.length === 0 ? (
          <p className={`card ${styles.empty}`}>{t('hallOfFame.empty')}</p>
        ) : (
          fame.data.seasons.map((season) => <SeasonCard key={season.id} season={season} />)
        )
      ) : fame.isError ? (
        <LoadFailed error={fame.error} onRetry={() => void fame.refetch()} />
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
      <p>
        <Link to="/account">{t('hallOfFame.accountLink')}</Link>
      </p>
    </div>
  );
}

function SeasonCard({ season }: { season: PastSeason }) {
  const { t, i18n } = useTranslation();
  const me = usePlayer();
  const language = i18n.language;
  const { results } = season;
  const headingId = `season-${season.id}`;
  return (
    <section className={`card ${styles.season}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.seasonTitle}>
        {season.name}
      </h2>
      <p className={styles.meta}>
        {t('hallOfFame.archived', { date: formatDate(season.archivedAt, language, me.timeZone) })}
        {' · '}
        {t('hallOfFame.stats', {
          count: results.stats.players,
          players: results.stats.players,
          attempts: results.stats.attempts,
        })}
      </p>

      <h3 className={styles.heading}>{t('hallOfFame.winners')}</h3>
      <ul className={`card-grid ${styles.winners}`}>
        {REGIONS.map((region) => {
          const winner = results.winners.find((entry) => entry.region === region);
          return (
            <li key={region} className={`card-grid-item ${styles.winner}`}>
              <span className={styles.region}>{t(`regions.${region}`)}</span>
              {winner ? (
                <>
                  <span className={styles.name}>{winner.name}</span>
                  <span className={styles.team}>
                    <Flag code={winner.flag} />
                    {countryName(winner.flag, winner.team, language)}
                  </span>
                  <span className={styles.points}>
                    {t('standings.points', pointsCount(winner.total, language))}
                  </span>
                </>
              ) : (
                <span className={styles.name}>–</span>
              )}
            </li>
          );
        })}
      </ul>

      <h3 className={styles.heading}>{t('hallOfFame.teams')}</h3>
      <ol className={styles.teams}>
        {results.standings.map((team) => (
          <li key={team.teamId} className={styles.teamRow}>
            <span className={styles.position} aria-hidden="true">
              {team.position}
            </span>
            <span className="visually-hidden">
              {t('hallOfFame.position', { position: team.position })}
            </span>
            <Flag code={team.flag} />
            <span className={styles.teamName}>{countryName(team.flag, team.name, language)}</span>
            <span className={styles.points}>{formatPoints(team.overall, language)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
