import { afterAll, afterEach, vi } from 'vitest';

/** Unexpected console errors and warnings fail the test: noise hides bugs. */
const calls: string[] = [];
for (const method of ['error', 'warn'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}

/**
 * node-postgres's deprecations are unexpected output too: it warns, once a process, when a query
 * is handed to a connection that runs another (a Promise.all inside a transaction), which its
 * next major refuses.
 */
const onWarning = (warning: Error) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('pg@9'))
    calls.push(`${warning.name}: ${warning.message}`);
};
process.on('warning', onWarning);
// The files of a worker share the process: each takes its listener away when it ends.
afterAll(() => {
  process.off('warning', onWarning);
});

afterEach(() => {
  if (calls.length > 0) {
    const message = calls.splice(0).join('\n');
    throw new Error(`Unexpected console output:\n${message}`);
  }
});
