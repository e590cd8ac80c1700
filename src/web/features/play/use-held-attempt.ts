import { useCallback, useState } from 'react';
import type { Attempt } from '#shared/contracts/play';

/** Where a reload finds the attempt this tab was playing (one tab, one attempt). */
const KEY = 'podium.attempt-in-play';

/** Whether the player is still playing the attempt: the five questions or the challenger. */
export const inPlay = (attempt: Attempt) =>
  attempt.status === 'pending' || attempt.challenger?.status === 'in-progress';

/**
 * The attempt the player is playing, held on to until they have seen its result and chosen to
 * go on (ADR 0014). After a week's close the server's current week is the next one; the held
 * attempt keeps the closing week's game, and then its result, on the screen. It is kept in
 * sessionStorage while in play, so that a reload after the close still shows that result once.
 */
export function useHeldAttempt() {
  const [id, setId] = useState<string | null>(() => sessionStorage.getItem(KEY));
  const hold = useCallback((attemptId: string) => {
    sessionStorage.setItem(KEY, attemptId);
    setId(attemptId);
  }, []);
  /** Its result is on the screen: a later reload need not show it again. */
  const seen = useCallback(() => sessionStorage.removeItem(KEY), []);
  const release = useCallback(() => {
    sessionStorage.removeItem(KEY);
    setId(null);
  }, []);
  return { id, hold, seen, release };
}
