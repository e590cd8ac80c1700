import { LoadingScreen } from '../components/screen-message';

/** Shown while a split-off screen's code arrives. */
export function RouteLoading() {
  return <LoadingScreen />;
}
