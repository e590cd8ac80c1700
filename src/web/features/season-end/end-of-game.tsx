import { useTranslation } from '../../adapters/i18n';
import { TeamPlace } from '../../components/team-place';
import { Logo } from '../../components/logo';
import { RegionalWinnersSection } from '../../components/regional-winners';
import { pointsCount } from '../../lib/format';
import { useStandings } from '../../api/standings';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import styles from './end-of-game.module.css';

/** The championship is over: the logo, the final standings and the regional winners. */
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
                <TeamPlace
                  position={team.position}
                  flag={team.flag}
                  name={team.name}
                  nameClassName={styles.team}
                />
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
