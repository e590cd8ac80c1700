import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './screen-message';

/**
 * A screen loaded with its own chunk when first opened, with the loading screen meanwhile
 * (ADR 0023): only the login and home screens are in the first load. Call it once, at module
 * level, and use the element in a route: `element: lazyScreen(() => import('…').then((m) => m.X))`.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  const Screen = lazy(() => load().then((Component) => ({ default: Component })));
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  );
}
