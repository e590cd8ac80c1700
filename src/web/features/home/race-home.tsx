import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { Me } from '#shared/contracts/me';
import { useCurrentWeek } from '../../api/current-week';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';
import { IntroCard } from './intro-card';
import { NewQuestions } from './new-questions';
import { currentEvent, nextWeek, raceWeek } from './race-week';
import { StopwatchIntro } from './stopwatch-intro';

// The track (drawings, markers, animation) is split off the first load and fetched while the
// stopwatch runs, so it is usually there by the time the player needs it.
const loadTrackView = () => import('./track-view');
const TrackView = lazy(() => loadTrackView().then((module) => ({ default: module.TrackView })));

/** The event whose track the player opened this session (spec: remembered per session). */
const EVENT_KEY = 'race-event';

function rememberedEvent(eventId: number): boolean {
  const stored = sessionStorage.getItem(EVENT_KEY);
  // A new event brings the intro card back (the home marker clears when the event changes).
  if (stored !== null && stored !== String(eventId)) sessionStorage.removeItem(EVENT_KEY);
  return stored === String(eventId);
}

/**
 * Home after launch: the stopwatch intro, then the intro card, or the
 * track view once the player has pressed Play in this session; above either, while this week's
 * questions are unplayed, the 'new questions' banner.
 */
export function RaceHome({ me }: { me: Me }) {
  const { t } = useTranslation();
  const season = me.season!;
  const event = currentEvent(season);
  const week = raceWeek(season);
  const currentWeek = useCurrentWeek();
  const [warmingUp, setWarmingUp] = useState(() => !prefersReducedMotion());
  const [playing, setPlaying] = useState(() => event !== null && rememberedEvent(event.id));
  const endIntro = useCallback(() => setWarmingUp(false), []);
  useEffect(() => {
    void loadTrackView();
  }, []);

  if (warmingUp) return <StopwatchIntro onDone={endIntro} />;
  if (!event || !week) return null;
  const state = currentWeek.data?.state;
  const unplayed = state === 'ready' && <NewQuestions />;
  if (!playing) {
    return (
      <>
        {unplayed}
        <IntroCard
          season={season}
          current={event}
          onPlay={(eventId) => {
            sessionStorage.setItem(EVENT_KEY, String(eventId));
            setPlaying(true);
          }}
        />
      </>
    );
  }
  return (
    <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
      {unplayed}
      <TrackView
        event={event}
        week={week}
        waitingFor={
          week.status === 'open' && (state === 'ready' || state === 'in-progress')
            ? (me.givenName ?? t('play.player'))
            : null
        }
        next={nextWeek(season)}
        timeZone={me.timeZone}
        myTeamId={me.team?.id ?? null}
      />
    </Suspense>
  );
}
