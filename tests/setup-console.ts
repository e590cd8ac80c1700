import { afterEach, vi } from 'vitest';

/** Unexpected console errors and warnings fail the test: noise hides bugs. */
const calls: string[] = [];
for (const method of ['error', 'warn'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}

afterEach(() => {
  if (calls.length > 0) {
    const message = calls.splice(0).join('\n');
    throw new Error(`Unexpected console output:\n${message}`);
  }
});
