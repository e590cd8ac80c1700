import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEASON_2025 } from '../../../../tests/factories';
import { projectRoot } from '../../project-root';

/** `npm run content:load -- <file>` as an organiser runs it, on an embedded database of its own. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-content-load-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const tsxCli = path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs');

function contentLoad(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsxCli, path.join(projectRoot, 'scripts/content-load.ts'), file],
      // A minimal environment: never the developer's DATABASE_URL.
      { cwd: projectRoot, env: { NODE_ENV: 'test', DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run content:load', () => {
  it('refuses a broken file with exit code 65, naming the file, the path and the reason', async () => {
    const contentDir = path.dirname(path.dirname(SEASON_2025));
    const copy = mkdtempSync(path.join(tmpdir(), 'podium-broken-'));
    mkdirSync(path.join(copy, 'seasons'));
    mkdirSync(path.join(copy, 'questions'));
    for (const file of ['teams.json', 'questions/nutrition-2025.json']) {
      copyFileSync(path.join(contentDir, file), path.join(copy, file));
    }
    const season = JSON.parse(readFileSync(SEASON_2025, 'utf8'));
    season.weeks[2].closesOn = '2025-02-16';
    const broken = path.join(copy, 'seasons/2025.json');
    writeFileSync(broken, JSON.stringify(season));
    try {
      const result = await contentLoad(broken);
      expect(result.code).toBe(65);
      expect(result.stderr).toContain('Refused, nothing was loaded');
      expect(result.stderr).toContain(`${broken}: weeks[2].closesOn: closes before it opens`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 90_000); // a child process that starts tsx and migrates an embedded database
});
