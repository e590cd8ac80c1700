/** Prints a scenario's figures as a small table (copied into docs/reliability.md). */
export function report(scenario: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  const lines = Object.entries(figures).map(([key, value]) => `  ${key.padEnd(width)}  ${value}`);
  console.log(`\n[resilience] ${scenario}\n${lines.join('\n')}\n`);
}
