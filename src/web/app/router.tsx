import { createBrowserRouter } from 'react-router';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LoginScreen } from '../features/auth/login-screen';
import { RulesFallback } from '../features/rules/rules-fallback';
import { organiseRoute } from '../features/organise/organise-routes';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { PlayerFrame } from './player-frame';
import { LoadingScreen } from '../components/screen-message';

/** Spec §2 routes with their access rules. Screens not needed on first load are split off. */
export const router = createBrowserRouter([
  { path: '/login/callback', element: <LoginCallbackPage /> },
  {
    element: <PlayerFrame signedOut={<LoginScreen />} />,
    children: [{ index: true, element: <HomeRoute /> }],
  },
  {
    element: <PlayerFrame signedOut={<RulesFallback />} />,
    children: [
      {
        path: 'rules',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/rules/rules-page').then((module) => ({
            Component: module.RulesPage,
          })),
      },
    ],
  },
  {
    element: <PlayerFrame />,
    children: [
      {
        path: 'track',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/home/track-list-page').then((module) => ({
            Component: module.TrackListPage,
          })),
      },
      {
        path: 'questions',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/play/questions-page').then((module) => ({
            Component: module.QuestionsPage,
          })),
      },
      {
        path: 'leaderboard',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/leaderboard/leaderboard-page').then((module) => ({
            Component: module.LeaderboardPage,
          })),
      },
      {
        path: 'account',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/account/account-page').then((module) => ({
            Component: module.AccountPage,
          })),
      },
      {
        path: 'weeks/:setNum/review',
        hydrateFallbackElement: <LoadingScreen />,
        lazy: () =>
          import('../features/review/week-review-page').then((module) => ({
            Component: module.WeekReviewPage,
          })),
      },
      organiseRoute,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
