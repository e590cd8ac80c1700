import { useTranslation } from 'react-i18next';
import { Flag } from '../../components/flag';
import { Logo } from '../../components/logo';
import { RegionalWinnersSection } from '../../components/regional-winners';
import { countryName, pointsCount } from '../../lib/format';
import { useStandings } from '../../lib/standings';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import styles from './end-of-game.module.css';

/** The championship is over (spec §2): the logo, the final standings and the regional winners. */
export function EndOfGame({ seasonName }: { seasonName: string }) {
  const { t, i18n } = useTranslation();
  const standings = useStandings();
  useLoggedFailure(standings.error, 'final standings');
  const teams = standings.data?.teams ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo size={96} />
        <h1 className={styles.title}>{t('seasonEnd.title', { product: seasonName })}</h1>
        <p className={styles.lead}>{t('seasonEnd.thanks')}</p>
      </header>
      <section className={styles.standings} aria-labelledby="final-title">
        <h2 id="final-title" className={styles.heading}>
          {t('seasonEnd.finalStandings')}
        </h2>
        {standings.isPending ? (
          <p role="status">{t('app.loading')}</p>
        ) : teams.length === 0 ? (
          <p>–</p>
        ) : (
          <ol className={styles.list}>
            {teams.map((team) => (
              <li
                key={team.teamId}
                className={`${styles.row} ${team.position <= 3 ? styles.podium : ''}`}
              >
                <span className="position-badge">
                  <span className="visually-hidden">{t('race.position')} </span>
                  {team.position}
                </span>
                <Flag code={team.flag} />
                <span className={styles.team}>
                  {countryName(team.flag, team.name, i18n.language)}
                </span>
                <span className={styles.points}>
                  {t('standings.points', pointsCount(team.overall, i18n.language))}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <RegionalWinnersSection />
    </div>
  );
}
