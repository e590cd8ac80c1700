import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../adapters/i18n';
import { HallOfFameLink } from '../components/hall-of-fame-link';
import { LastWeekReviewLink } from '../components/review-links';
import { ScreenMessage, screenStyles } from '../components/screen-message';
import { usePlayer } from '../lib/use-player';
import { useCurrentWeek } from '../api/current-week';
import { hasLaunched } from '../lib/player-season';
import { RaceHome } from '../features/home/race-home';
import { WeeklyIntro } from '../features/home/weekly-intro';
import { RegistrationPage } from '../features/registration/registration-page';

// Shown once, after the last week: no reason to load it with every other page.
const EndOfGame = lazy(() =>
  import('../features/season-end/end-of-game').then((module) => ({ default: module.EndOfGame })),
);

/**
 * Home (composes features): registration before launch or without a team; after launch the race
 * (stopwatch, intro card or track view) with the weekly intro popup while this week's questions
 * wait; once the last week has closed, the end-of-game screen. Under each, once a season is in
 * the hall of fame, a link to it.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const me = usePlayer();
  const queryClient = useQueryClient();
  const [launchedNow, setLaunchedNow] = useState(false);
  const launched = launchedNow || hasLaunched(me);
  const week = useCurrentWeek();

  if (!me.season) {
    return (
      <ScreenMessage title={t('home.noSeasonTitle')}>
        <p className={screenStyles.text}>{t('home.noSeason')}</p>
        <HallOfFameLink />
      </ScreenMessage>
    );
  }
  if (!me.registered && !me.season.registrationOpen) {
    return (
      <ScreenMessage title={t('registration.closedTitle')}>
        <p className={screenStyles.text} role="alert">
          {t('errors.REGISTRATION_CLOSED')}
        </p>
        <HallOfFameLink />
      </ScreenMessage>
    );
  }
  if (!me.registered || !launched) {
    const onLaunch = () => {
      setLaunchedNow(true);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      void queryClient.invalidateQueries({ queryKey: ['current-week'] });
    };
    return (
      <>
        <RegistrationPage me={me} season={me.season} launched={launched} onLaunch={onLaunch} />
        <HallOfFameLink />
      </>
    );
  }
  if (me.season.phase === 'ended') {
    return (
      <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
        <EndOfGame seasonName={me.season.name} />
        <LastWeekReviewLink />
        <HallOfFameLink />
      </Suspense>
    );
  }
  return (
    <>
      {week.data?.state === 'ready' && week.data.week && (
        <WeeklyIntro name={me.givenName ?? ''} setNum={week.data.week.setNum} />
      )}
      <RaceHome me={me} />
      <LastWeekReviewLink />
      <HallOfFameLink />
    </>
  );
}
