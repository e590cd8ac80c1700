import { useTranslation } from '../adapters/i18n';
import { REGIONS } from '#shared/domain/regions';
import { countryName, pointsCount } from '../lib/format';
import { useRegionalWinners } from '../api/standings';
import { useLoggedFailure } from '../lib/use-logged-failure';
import { Flag } from './flag';
import styles from './regional-winners.module.css';

/**
 * The top player of each region (ASEAN, LATAM, Europe, US/Canada), who wins the trip to the
 * Berlin summit: the current leaders during the season, the winners once it is over. A region
 * nobody has scored in yet, or a failed load, shows a dash.
 */
export function RegionalWinnersSection() {
  const { t, i18n } = useTranslation();
  const winners = useRegionalWinners();
  useLoggedFailure(winners.error, 'regional winners');
  const final = winners.data?.final ?? false;
  return (
    <section className={styles.section} aria-labelledby="winners-title">
      <h2 id="winners-title" className={styles.title}>
        {final ? t('winners.titleFinal') : t('winners.title')}
      </h2>
      <p className={styles.lead}>{final ? t('winners.leadFinal') : t('winners.lead')}</p>
      {winners.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <ul className={styles.list}>
          {REGIONS.map((region) => {
            const winner = winners.data?.winners.find((entry) => entry.region === region);
            return (
              <li key={region} className={styles.card}>
                <span className={styles.region}>{t(`regions.${region}`)}</span>
                {winner ? (
                  <>
                    <span className={styles.name}>{winner.name}</span>
                    <span className={styles.team}>
                      <Flag code={winner.flag} />
                      {countryName(winner.flag, winner.team, i18n.language)}
                    </span>
                    <span className={styles.points}>
                      {t('standings.points', pointsCount(winner.total, i18n.language))}
                    </span>
                  </>
                ) : (
                  <span className={styles.name}>–</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
