import { useEffect } from 'react';

/**
 * Spec §8: a failure to load teams, standings or statistics is only logged (the screen shows a
 * dash). console.info, not console.error: the page still works, so it is not an error to alarm on.
 */
export function useLoggedFailure(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.info(`${what} could not be loaded`, error);
  }, [error, what]);
}
