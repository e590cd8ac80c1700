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

/**
 * Settings that Node reads itself, not config.ts, but that an operator sets like the others:
 * NODE_EXTRA_CA_CERTS trusts an internal CA for the identity provider (ADR 0030).
 */
const READ_BY_NODE = ['NODE_EXTRA_CA_CERTS'];
const READ = [...SETTING_NAMES, ...READ_BY_NODE];

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const missingFrom = (names: string[], from: string[]) => names.filter((n) => !from.includes(n));

describe('every setting is documented and reaches the container', () => {
  it('finds the settings in each place (the parsers still read the files)', () => {
    expect(READ.length).toBeGreaterThan(30);
    expect(readmeSettings.length).toBeGreaterThan(30);
    expect(pageSettings.length).toBeGreaterThan(30);
    expect(containerSettings.length).toBeGreaterThan(30);
  });

  it("README's table lists exactly the settings that src/server/config.ts reads", () => {
    expect({
      'read by config.ts or Node, missing from the README table': missingFrom(READ, readmeSettings),
      'in the README table, not read by config.ts or Node': missingFrom(readmeSettings, READ),
    }).toEqual({
      'read by config.ts or Node, missing from the README table': [],
      'in the README table, not read by config.ts or Node': [],
    });
    expect(readmeSettings.length, 'a setting listed twice').toBe(sorted(readmeSettings).length);
  });

  it('docs/configuration.md describes exactly the settings that config.ts reads', () => {
    expect({
      'read by config.ts or Node, not described': missingFrom(READ, pageSettings),
      'described, not read by config.ts or Node': missingFrom(pageSettings, READ),
    }).toEqual({
      'read by config.ts or Node, not described': [],
      'described, not read by config.ts or Node': [],
    });
  });

  it("compose.yaml passes every setting to the app's container, and nothing else", () => {
    expect({
      'read by config.ts or Node, not passed by compose.yaml': missingFrom(READ, containerSettings),
      'passed by compose.yaml, not read by config.ts or Node': missingFrom(containerSettings, READ),
    }).toEqual({
      'read by config.ts or Node, not passed by compose.yaml': [],
      'passed by compose.yaml, not read by config.ts or Node': [],
    });
  });
});
