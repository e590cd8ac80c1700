import { useTranslation } from '../../adapters/i18n';
import type { TrackStandings } from '#shared/contracts/standings';
import { TeamPlace } from '../../components/team-place';
import { pointsCount } from '../../lib/format';
import styles from './track-view.module.css';

type TrackTeam = TrackStandings['teams'][number];

/** How many leading teams the phone's strip shows under the track. */
const LEADERS = 3;

/**
 * Under the track on a phone, where the markers carry only their position and flag: the
 * leading teams and the player's own, with names and points, readable without scrolling.
 */
export function RaceLeaders({ teams, myTeamId }: { teams: TrackTeam[]; myTeamId: number | null }) {
  const { t, i18n } = useTranslation();
  const shown = teams.filter((team, index) => index < LEADERS || team.teamId === myTeamId);
  if (shown.length === 0) return null;
  return (
    <ol className={styles.leaders} aria-label={t('race.leaders')}>
      {shown.map((team) => {
        const mine = team.teamId === myTeamId;
        return (
          <li key={team.teamId} className={mine ? styles.leaderMine : undefined}>
            <TeamPlace
              position={team.position}
              flag={team.flag}
              name={team.name}
              nameClassName={styles.team}
            >
              {mine && <span className="visually-hidden"> ({t('leaderboard.yourTeam')})</span>}
            </TeamPlace>
            <span className={styles.points}>
              {t('standings.points', pointsCount(team.points, i18n.language))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
