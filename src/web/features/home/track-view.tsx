import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { PlayerWeek } from '#shared/contracts/me';
import { formatDate } from '../../lib/format';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { useTrackStandings } from '../../api/standings';
import { RaceLeaders } from './race-leaders';
import { RaceMarkers } from './race-markers';
import type { SeasonEvent } from './race-week';
import { TrackArt } from './track-art';
import styles from './track-view.module.css';

/** Spec §9: the teams appear on the track half a second after the picture. */
const LIST_DELAY_MS = 500;

export interface TrackViewProps {
  event: SeasonEvent;
  week: PlayerWeek;
  /** The given name, when this week's questions still wait for the player (the tooltip). */
  waitingFor: string | null;
  /** The next week to open, for the ended state. */
  next: PlayerWeek | null;
  timeZone: string;
  /** The player's team, highlighted on the track and always listed under it on a phone. */
  myTeamId: number | null;
}

/**
 * Spec §2 'Home screen', track view: the current event's track with the teams racing along it,
 * a greeting with a play button while the week's questions wait, or the ended state.
 */
export function TrackView({ event, week, waitingFor, next, timeZone, myTeamId }: TrackViewProps) {
  const { t, i18n } = useTranslation();
  const standings = useTrackStandings(week.eventId, week.eventWeek);
  useLoggedFailure(standings.error, 'track standings');
  const route = useRef<SVGPathElement>(null);
  const [listShown, setListShown] = useState(false);
  const [paused, setPaused] = useState(false);
  const still = useReducedMotion();
  useEffect(() => {
    const timer = setTimeout(() => setListShown(true), LIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const eventName = t(`events.${event.key}`);

  return (
    <div className={styles.view}>
      <h1 id="race-title" className={styles.title}>
        {t('race.title', { event: eventName, week: week.setNum })}
      </h1>
      {waitingFor !== null && (
        <div className={styles.tooltip}>
          <p>{t('race.waiting', { name: waitingFor })}</p>
          <Link className="button" to="/questions">
            {t('intro.play')}
          </Link>
        </div>
      )}
      {week.status === 'closed' && (
        <p className={styles.ended}>
          {t('race.ended')}{' '}
          {next && t('race.nextOpens', { date: formatDate(next.opensAt, i18n.language, timeZone) })}
        </p>
      )}
      {week.status === 'upcoming' && (
        <p className={styles.ended}>
          {t('race.notStarted', { date: formatDate(week.opensAt, i18n.language, timeZone) })}
        </p>
      )}
      <div className={styles.scroller} role="region" aria-labelledby="race-title">
        <div className={styles.stage}>
          <TrackArt track={event.track} routeRef={route} />
          {listShown && standings.data && (
            <RaceMarkers
              teams={standings.data.teams}
              route={route}
              myTeamId={myTeamId}
              paused={paused}
            />
          )}
        </div>
      </div>
      {/* The race runs 7 s or more: it can be paused (WCAG 2.2.2); without motion it jumps. */}
      {!still && standings.data && (
        <button
          type="button"
          className={`button button-secondary ${styles.pause}`}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? t('race.resume') : t('race.pause')}
        </button>
      )}
      {standings.data && <RaceLeaders teams={standings.data.teams} myTeamId={myTeamId} />}
      {standings.isPending && <p role="status">{t('app.loading')}</p>}
      {standings.isError && !standings.data && <p>–</p>}
      <p>
        <Link to="/track">{t('race.asList')}</Link>
      </p>
    </div>
  );
}
