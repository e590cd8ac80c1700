import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Metrics } from '../../http/metrics';

/** What a week's play needs: service.ts, play-actions.ts, closing.ts and the sweep take it. */
export interface PlayDeps {
  db: Database;
  clock: Clock;
  /** Counts attempts started and finished, when metrics are on (http/metrics.ts). */
  metrics?: Pick<Metrics, 'attemptStarted' | 'attemptFinished'> | null;
}
