import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTING_NAMES } from '../src/server/config';

/**
 * The settings the server reads, the two places that document them (README's table and
 * docs/configuration.md) and compose.yaml's container environment name the same variables, so
 * that no documented setting is silently dropped on its way into the container.
 */

const readme = readFileSync('README.md', 'utf8');
const configurationPage = readFileSync('docs/configuration.md', 'utf8');
const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, { environment?: Record<string, string | null> }>;
};

/** The variables in README's configuration table: rows that start with a `NAME` cell. */
const readmeSettings = (() => {
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Production'));
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]!);
})();

/** The variables configuration.md describes for the server (not the tests' and compose's own). */
const pageSettings = (() => {
  const end = configurationPage.indexOf('## Read by the tests');
  const section = configurationPage.slice(0, end === -1 ? undefined : end);
  return [...section.matchAll(/^- \*\*`([A-Z][A-Z0-9_]*)`\*\*/gm)].map((match) => match[1]!);
})();

const containerSettings = Object.keys(compose.services.app?.environment ?? {});

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const missingFrom = (names: string[], from: string[]) => names.filter((n) => !from.includes(n));

describe('every setting is documented and reaches the container', () => {
  it('finds the settings in each place (the parsers still read the files)', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    expect(readmeSettings.length).toBeGreaterThan(30);
    expect(pageSettings.length).toBeGreaterThan(30);
    expect(containerSettings.length).toBeGreaterThan(30);
  });

  it("README's table lists exactly the settings that src/server/config.ts reads", () => {
    expect({
      'read by config.ts, missing from the README table': missingFrom(
        SETTING_NAMES,
        readmeSettings,
      ),
      'in the README table, not read by config.ts': missingFrom(readmeSettings, SETTING_NAMES),
    }).toEqual({
      'read by config.ts, missing from the README table': [],
      'in the README table, not read by config.ts': [],
    });
    expect(readmeSettings.length, 'a setting listed twice').toBe(sorted(readmeSettings).length);
  });

  it('docs/configuration.md describes exactly the settings that config.ts reads', () => {
    expect({
      'read by config.ts, not described': missingFrom(SETTING_NAMES, pageSettings),
      'described, not read by config.ts': missingFrom(pageSettings, SETTING_NAMES),
    }).toEqual({ 'read by config.ts, not described': [], 'described, not read by config.ts': [] });
  });

  it("compose.yaml passes every setting to the app's container, and nothing else", () => {
    expect({
      'read by config.ts, not passed by compose.yaml': missingFrom(
        SETTING_NAMES,
        containerSettings,
      ),
      'passed by compose.yaml, not read by config.ts': missingFrom(
        containerSettings,
        SETTING_NAMES,
      ),
    }).toEqual({
      'read by config.ts, not passed by compose.yaml': [],
      'passed by compose.yaml, not read by config.ts': [],
    });
  });
});
