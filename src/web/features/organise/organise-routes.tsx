import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/screen-message';

/**
 * The /organise section's screens, each split into its own chunk: players never download them.
 * Each screen module exports its page component; add a screen here and in the layout's menu.
 */
export const organiseRoutes: RouteObject[] = [
  {
    index: true,
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () =>
      import('./dashboard/dashboard-page').then((module) => ({ Component: module.DashboardPage })),
  },
  {
    path: 'players',
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () =>
      import('./players/players-page').then((module) => ({ Component: module.PlayersPage })),
  },
  {
    path: 'players/:playerId',
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () =>
      import('./players/player-page').then((module) => ({ Component: module.PlayerPage })),
  },
  {
    path: 'exports',
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () =>
      import('./exports/exports-page').then((module) => ({ Component: module.ExportsPage })),
  },
];

export const organiseRoute: RouteObject = {
  path: 'organise',
  hydrateFallbackElement: <LoadingScreen />,
  lazy: () => import('./organise-layout').then((module) => ({ Component: module.OrganiseLayout })),
  children: organiseRoutes,
};
