import { expect, inject } from 'vitest';
import { markWorker } from './stall-watchdog';

declare module 'vitest' {
  interface ProvidedContext {
    /** The Vitest project this worker runs, for the stall watchdog's marker. */
    project: string;
  }
}

// Set-up file: tells the stall watchdog (tests/stall-watchdog.ts) which file this worker runs.
markWorker(inject('project'), expect.getState().testPath ?? '');
