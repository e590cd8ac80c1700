import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/screen-message';

/**
 * The /organise section's screens, each split into its own chunk: players never download them.
 * Each screen module exports its page component; add a screen here and in the layout's menu.
 */
export const organiseRoutes: RouteObject[] = [
  {
    path: 'questions',
    hydrateFallbackElement: <LoadingScreen />,
    lazy: () =>
      import('./questions/questions-page').then((module) => ({
        Component: module.QuestionsPage,
      })),
  },
];

export const organiseRoute: RouteObject = {
  path: 'organise',
  hydrateFallbackElement: <LoadingScreen />,
  lazy: () => import('./organise-layout').then((module) => ({ Component: module.OrganiseLayout })),
  children: organiseRoutes,
};
