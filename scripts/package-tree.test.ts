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

describe('the dependency tree and package.json agree', () => {
  it('every Node version that engines allows is one every installed package allows', () => {
    const ours = manifest.engines.node;
    const narrower = installed
      .filter(({ engines }) => engines?.node && !semver.subset(ours, engines.node))
      .map(({ name, version, engines }) => `${name}@${version} needs node ${engines!.node}`);
    // npm ci on a Node that engines allows would print EBADENGINE for each of these.
    expect(narrower).toEqual([]);
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
