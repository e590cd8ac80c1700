import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/screen-message';

/** A screen loaded with its own chunk when first opened: players never download it. */
const screen = (
  route: { index: true } | { path: string },
  load: () => Promise<ComponentType>,
): RouteObject => ({
  ...route,
  hydrateFallbackElement: <LoadingScreen />,
  lazy: () => load().then((Component) => ({ Component })),
});

/** The /organise section's screens, in the order of the layout's menu. */
export const organiseRoutes: RouteObject[] = [
  screen({ index: true }, () => import('./dashboard/dashboard-page').then((m) => m.DashboardPage)),
  screen({ path: 'season' }, () => import('./season/season-page').then((m) => m.SeasonPage)),
  screen({ path: 'teams' }, () => import('./teams/teams-page').then((m) => m.TeamsPage)),
  screen({ path: 'questions' }, () =>
    import('./questions/questions-page').then((m) => m.QuestionsPage),
  ),
  screen({ path: 'players' }, () => import('./players/players-page').then((m) => m.PlayersPage)),
  screen({ path: 'players/:playerId' }, () =>
    import('./players/player-page').then((m) => m.PlayerPage),
  ),
  screen({ path: 'exports' }, () => import('./exports/exports-page').then((m) => m.ExportsPage)),
  screen({ path: 'gaps' }, () => import('./gaps/gaps-page').then((m) => m.GapsPage)),
  screen({ path: 'outbox' }, () => import('./outbox/outbox-page').then((m) => m.OutboxPage)),
  screen({ path: 'audit' }, () => import('./audit/audit-page').then((m) => m.AuditPage)),
];

export const organiseRoute: RouteObject = {
  path: 'organise',
  hydrateFallbackElement: <LoadingScreen />,
  lazy: () => import('./organise-layout').then((module) => ({ Component: module.OrganiseLayout })),
  children: organiseRoutes,
};
