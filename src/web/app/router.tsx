import { useRoutes, type RouteObject } from '../adapters/router';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LoginScreen } from '../features/auth/login-screen';
import { RulesFallback } from '../features/rules/rules-fallback';
import { organiseRoute } from '../features/organise/organise-routes';
import { HomeRoute } from './home-route';
import { lazyScreen } from '../components/lazy-screen';
import { NotFoundPage } from './not-found-page';
import { PlayerFrame } from './player-frame';

/**
 * Spec §2 routes with their access rules. React Router's declarative mode (<BrowserRouter> and
 * useRoutes) weighs 14 KB gzipped against the data router's 30 KB (ADR 0023): we use no loaders
 * or actions. Screens not needed on first load are split off with lazyScreen.
 */
export const routes: RouteObject[] = [
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
        element: lazyScreen(() => import('../features/rules/rules-page').then((m) => m.RulesPage)),
      },
    ],
  },
  {
    element: <PlayerFrame />,
    children: [
      {
        path: 'track',
        element: lazyScreen(() =>
          import('../features/home/track-list-page').then((m) => m.TrackListPage),
        ),
      },
      {
        path: 'questions',
        element: lazyScreen(() =>
          import('../features/play/questions-page').then((m) => m.QuestionsPage),
        ),
      },
      {
        path: 'leaderboard',
        element: lazyScreen(() =>
          import('../features/leaderboard/leaderboard-page').then((m) => m.LeaderboardPage),
        ),
      },
      {
        path: 'account',
        element: lazyScreen(() =>
          import('../features/account/account-page').then((m) => m.AccountPage),
        ),
      },
      {
        path: 'hall-of-fame',
        element: lazyScreen(() =>
          import('../features/hall-of-fame/hall-of-fame-page').then((m) => m.HallOfFamePage),
        ),
      },
      {
        path: 'weeks/:setNum/review',
        element: lazyScreen(() =>
          import('../features/review/week-review-page').then((m) => m.WeekReviewPage),
        ),
      },
      organiseRoute,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
