import { useTranslation } from '../../adapters/i18n';
import { Flag } from '../../components/flag';
import { LastWeekReviewLink } from '../../components/review-links';
import { SeasonOverLinks } from '../../components/season-over';
import { RegionalWinnersSection } from '../../components/regional-winners';
import { usePlayer } from '../../lib/use-player';
import { countryName } from '../../lib/format';
import { useStandings } from '../../api/standings';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import { useMyTeam } from '../../api/standings';
import styles from './leaderboard.module.css';
import { StandingsTable } from './standings-table';
import { TeamTiles } from './team-tiles';

/**
 * Spec §2 'Leaderboard screen': the player's team with its tiles, how the score works, the
 * standings table and the regional winners. Every figure refreshes on its own while the page
 * is open.
 */
export function LeaderboardPage() {
  const { t, i18n } = useTranslation();
  const me = usePlayer();
  const standings = useStandings();
  const myTeam = useMyTeam(me.team !== null);
  useLoggedFailure(standings.error, 'leaderboard standings');
  useLoggedFailure(myTeam.error, 'team statistics');
  const team = myTeam.data ?? me.team;
  const ended = me.season?.phase === 'ended';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('leaderboard.title')}</h1>
        {team && (
          <p className={styles.teamName}>
            <Flag code={team.flag} />
            <span>{countryName(team.flag, team.name, i18n.language)}</span>
          </p>
        )}
      </header>
      {ended && (
        <section className={styles.seasonOver} aria-labelledby="season-over-title">
          <h2 id="season-over-title">{t('seasonOver.title')}</h2>
          <p>{t('leaderboard.finalNotice')}</p>
          <SeasonOverLinks from="leaderboard" />
        </section>
      )}
      <TeamTiles
        team={myTeam.data}
        loading={myTeam.isPending && me.team !== null}
        seasonEnded={ended}
      />
      <div className={styles.intro}>
        <p>{t('leaderboard.introScore')}</p>
        <p>{t('leaderboard.introSummit')}</p>
      </div>
      <LastWeekReviewLink />
      <StandingsTable
        standings={standings.data}
        loading={standings.isPending}
        myTeamId={me.team?.id ?? null}
      />
      <RegionalWinnersSection />
    </div>
  );
}
