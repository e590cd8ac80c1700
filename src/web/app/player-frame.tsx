import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { ErrorScreen, LoadingScreen } from '../components/screen-message';
import { useMe } from '../api/me';
import { startSignIn } from '../api/session';
import { Layout } from './layout/layout';
import type { Me } from '#shared/contracts/me';

/**
 * The frame of every player page (only / and the sign-in callback are public): the loading screen while the session
 * is unknown, the 'Error' screen when loading the player fails, the layout once signed in.
 * Signed out, it shows `signedOut` (the login screen on /, the rules fallback on /rules) or, by
 * default, stores the current address as the return address and starts the redirect sign-in.
 */
export function PlayerFrame({ signedOut }: { signedOut?: ReactNode }) {
  const me = useMe();
  const redirect = me.isSuccess && me.data === null && signedOut === undefined;
  useEffect(() => {
    if (redirect) startSignIn();
  }, [redirect]);

  if (me.isError) return <ErrorScreen onRetry={() => void me.refetch()} />;
  if (me.data === null && signedOut !== undefined) return signedOut;
  if (!me.data) return <LoadingScreen />;
  return <SignedIn me={me.data} />;
}

/**
 * The signed-in page, rendered the first time in the background, in slices of a few
 * milliseconds, rather than in one long task that a phone cannot answer a tap during (it was
 * most of the home screen's blocking time): the loading screen stays until it is ready. Only
 * the first render waits; a later change of the player (a saved setting) shows at once.
 */
function SignedIn({ me }: { me: Me }) {
  const ready = useDeferredValue(true, false);
  return ready ? <Layout me={me} /> : <LoadingScreen />;
}
