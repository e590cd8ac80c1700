import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every file git tracks (or will: new files count once added), but the lockfile. */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && file !== 'package-lock.json');

describe('the docs stand alone', () => {
  it('README.md has no line over 120 characters outside code blocks (a terminal reads it)', () => {
    let inCode = false;
    const long: string[] = [];
    readFileSync('README.md', 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.startsWith('```')) inCode = !inCode;
        else if (!inCode && [...line].length > 120) long.push(`line ${index + 1}: ${line.length}`);
      });
    expect(long).toEqual([]);
  });

  it('no file cites the issue tracker or the design notes, which are not in the repository', () => {
    const pattern = /\b[Ii]ssues? #?\d+|DESIGN\.md|product-spec/;
    const citing = tracked
      .filter((file) => /\.(ts|tsx|mjs|js|css|md|json|yaml|html)$|^\.ci\/|Dockerfile/.test(file))
      .filter((file) => file !== 'scripts/docs.test.ts')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
      );
    expect(citing).toEqual([]);
  });

  it('the ADR index has a row for every ADR, linked to its file', () => {
    const index = readFileSync('docs/decisions/README.md', 'utf8');
    const missing = readdirSync('docs/decisions')
      .filter((file) => /^\d{4}-.*\.md$/.test(file))
      .filter((file) => !index.includes(`| ${file.slice(0, 4)} |`) || !index.includes(file));
    expect(missing).toEqual([]);
  });
});
