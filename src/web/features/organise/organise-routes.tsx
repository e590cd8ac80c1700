import type { RouteObject } from '../../adapters/router';
import { lazyScreen } from '../../components/lazy-screen';

/** The /organise section's screens, in the order of the layout's menu: players never load them. */
export const organiseRoutes: RouteObject[] = [
  {
    index: true,
    element: lazyScreen(() => import('./dashboard/dashboard-page').then((m) => m.DashboardPage)),
  },
  {
    path: 'season',
    element: lazyScreen(() => import('./season/season-page').then((m) => m.SeasonPage)),
  },
  {
    path: 'next-season',
    element: lazyScreen(() =>
      import('./next-season/next-season-page').then((m) => m.NextSeasonPage),
    ),
  },
  {
    path: 'teams',
    element: lazyScreen(() => import('./teams/teams-page').then((m) => m.TeamsPage)),
  },
  {
    path: 'questions',
    element: lazyScreen(() => import('./questions/questions-page').then((m) => m.QuestionsPage)),
  },
  {
    path: 'players',
    element: lazyScreen(() => import('./players/players-page').then((m) => m.PlayersPage)),
  },
  {
    path: 'players/:playerId',
    element: lazyScreen(() => import('./players/player-page').then((m) => m.PlayerPage)),
  },
  {
    path: 'exports',
    element: lazyScreen(() => import('./exports/exports-page').then((m) => m.ExportsPage)),
  },
  {
    path: 'gaps',
    element: lazyScreen(() => import('./gaps/gaps-page').then((m) => m.GapsPage)),
  },
  {
    path: 'outbox',
    element: lazyScreen(() => import('./outbox/outbox-page').then((m) => m.OutboxPage)),
  },
  {
    path: 'audit',
    element: lazyScreen(() => import('./audit/audit-page').then((m) => m.AuditPage)),
  },
];

export const organiseRoute: RouteObject = {
  path: 'organise',
  element: lazyScreen(() => import('./organise-layout').then((m) => m.OrganiseLayout)),
  children: organiseRoutes,
};
