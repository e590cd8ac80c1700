import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockedPackage = {
  version?: string;
  engines?: { node?: string };
  hasInstallScript?: boolean;
  dev?: boolean;
  optional?: boolean;
};
type Manifest = { engines: { node: string }; allowScripts?: Record<string, boolean> };

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
/** Every installed package by its name (the last `node_modules/` segment of its folder). */
const installed = Object.entries(lock.packages)
  .filter(([folder]) => folder !== '')
  .map(([folder, locked]) => ({ name: folder.split('node_modules/').at(-1)!, ...locked }));

/**
 * Development-only packages allowed a narrower Node range than ours, each with the range it may
 * declare and why. They run in tests only (never in the built server or the container image), so
 * the narrower range costs a warning on a Node line no CI job uses, never a broken production.
 */
const devEngineExceptions: Record<string, { node: string; why: string }> = {
  'oauth2-mock-server': {
    node: '^20.19 || ^22.12 || ^24',
    why: 'the third-party OIDC provider the sign-in tests start; its 8.x line stops at Node 24',
  },
};

describe('the dependency tree and package.json agree', () => {
  it('every Node version that engines allows is one every installed package allows', () => {
    const ours = manifest.engines.node;
    const excepted = (name: string, node: string, dev: boolean | undefined) =>
      dev === true && devEngineExceptions[name]?.node === node;
    const narrower = installed
      .filter(({ engines }) => engines?.node && !semver.subset(ours, engines.node))
      .filter(({ name, engines, dev }) => !excepted(name, engines!.node!, dev))
      .map(({ name, version, engines }) => `${name}@${version} needs node ${engines!.node}`);
    // npm ci on a Node that engines allows would print EBADENGINE for each of these.
    expect(narrower).toEqual([]);
  });

  it('every engines exception names a development-only package that is installed', () => {
    for (const name of Object.keys(devEngineExceptions)) {
      expect(installed.find((entry) => entry.name === name)?.dev, name).toBe(true);
    }
  });

  it('every install script in the tree is approved or denied in allowScripts', () => {
    const decided = manifest.allowScripts ?? {};
    const undecided = installed
      .filter(({ hasInstallScript }) => hasInstallScript)
      .filter(({ name, version }) => !(name in decided) && !(`${name}@${version}` in decided))
      .map(({ name, version }) => `${name}@${version}`);
    // npm 11 lists each of these after every install as "not yet covered by allowScripts".
    expect(undecided).toEqual([]);
  });
});
