import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import { Flag } from '../../components/flag';
import { countryName, pointsCount } from '../../lib/format';
import { useHistory } from './api/history';
import styles from './account.module.css';

/** The player's past seasons (ADR 0039): season, team, score and rank, and the hall of fame. */
export function SeasonHistory() {
  const { t, i18n } = useTranslation();
  const history = useHistory();
  const language = i18n.language;
  return (
    <section className={styles.section} aria-labelledby="history-title">
      <h2 id="history-title" className={styles.heading}>
        {t('history.title')}
      </h2>
      {history.data ? (
        history.data.seasons.length === 0 ? (
          <p className={styles.note}>{t('history.none')}</p>
        ) : (
          <ul className="card-grid">
            {history.data.seasons.map((season) => (
              <li key={season.seasonId} className="card card-grid-item">
                <strong className={styles.historySeason}>{season.name}</strong>
                {season.team && (
                  <span className={styles.historyTeam}>
                    <Flag code={season.team.flag} />
                    {countryName(season.team.flag, season.team.name, language)}
                    {season.teamPosition !== null &&
                      ` · ${t('history.teamPosition', { position: season.teamPosition })}`}
                  </span>
                )}
                <span>{t('standings.points', pointsCount(season.total, language))}</span>
                <span className={styles.note}>
                  {season.rank === null
                    ? t('history.notPlayed')
                    : t('history.rank', {
                        rank: season.rank,
                        count: season.rankedPlayers,
                        players: season.rankedPlayers,
                        weeks: season.weeksPlayed,
                      })}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : history.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
      <p className={styles.note}>
        <Link to="/hall-of-fame">{t('history.hallOfFameLink')}</Link>
      </p>
    </section>
  );
}
