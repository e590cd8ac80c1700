import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import { TeamPlace } from '../../components/team-place';
import { usePlayer } from '../../lib/use-player';
import { pointsCount } from '../../lib/format';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import { useTrackStandings } from '../../api/standings';
import { currentEvent, raceWeek } from './race-week';
import styles from './track-list.module.css';

/** /track: the home track's race as a plain list, for anyone who cannot follow the animation. */
export function TrackListPage() {
  const { t } = useTranslation();
  const me = usePlayer();
  const week = me.season ? raceWeek(me.season) : null;
  const event = me.season ? currentEvent(me.season) : null;
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t('trackList.title')}
      </h1>
      {week && event ? (
        <>
          <p className={styles.subtitle}>
            {t('race.title', { event: t(`events.${event.key}`), week: week.setNum })}
          </p>
          <TrackList eventId={week.eventId} eventWeek={week.eventWeek} />
        </>
      ) : (
        <p>{t('trackList.noRace')}</p>
      )}
      <p>
        <Link to="/leaderboard">{t('trackList.toLeaderboard')}</Link>
      </p>
    </section>
  );
}

function TrackList({ eventId, eventWeek }: { eventId: number; eventWeek: number }) {
  const { t, i18n } = useTranslation();
  const standings = useTrackStandings(eventId, eventWeek);
  useLoggedFailure(standings.error, 'track standings');
  if (standings.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!standings.data) return <p>–</p>;
  return (
    <ol className={styles.list}>
      {standings.data.teams.map((team) => (
        <li key={team.teamId} className={styles.row}>
          <TeamPlace
            position={team.position}
            flag={team.flag}
            name={team.name}
            nameClassName={styles.team}
          />
          <span className={styles.figures}>
            {t('standings.points', pointsCount(team.points, i18n.language))}
            {' · '}
            {t('trackList.participation', { percent: team.participation })}
          </span>
        </li>
      ))}
    </ol>
  );
}
