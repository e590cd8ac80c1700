import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './project-root';

/**
 * The built server (and the content job) stop with one line on stderr and a sysexits code when
 * the cause is outside the code: a refused setting, no database, no season file, a refused one.
 * The bundle is built afresh into node_modules/.cache, beside the dependencies it imports.
 */

const buildDir = path.join(projectRoot, 'node_modules', '.cache', 'podium-start-up-test');
const work = mkdtempSync(path.join(tmpdir(), 'podium-start-up-'));
/** An embedded database's first start (migrations) takes seconds, more on a busy machine. */
const SLOW = 180_000;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', buildDir], {
    cwd: projectRoot,
  });
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Ended {
  code: number | null;
  stderr: string;
}

function runBuilt(entry: string, env: Record<string, string>, args: string[] = []): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(buildDir, entry), ...args], {
      cwd: projectRoot,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        REMINDERS: '0',
        DATA_DIR: mkdtempSync(path.join(work, 'data-')),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 150 s; stderr:\n${stderr}`));
    }, 150_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** A port on which nothing listens: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One line, no stack trace (`    at …`). */
function expectOneLine(stderr: string): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('the built server, when it cannot start', () => {
  it(
    'exits 69 with one line naming the database, never its password, when it is unreachable',
    async () => {
      const port = await closedPort();
      const ended = await runBuilt('server.js', {
        DATABASE_URL: `postgres://podium:s3cret-password@127.0.0.1:${port}/podium`,
      });
      expect(ended.code).toBe(69);
      expectOneLine(ended.stderr);
      expect(ended.stderr).toContain(
        `Podium cannot start: the database at 127.0.0.1:${port}/podium did not answer (`,
      );
      expect(ended.stderr).toContain('ECONNREFUSED');
      expect(ended.stderr).not.toContain('s3cret-password');
    },
    SLOW,
  );

  it(
    'exits 66 with one line naming the season file when it does not exist',
    async () => {
      const ended = await runBuilt('server.js', {
        SEASON_FILE: 'content/seasons/no-such-season.json',
      });
      expect(ended.code).toBe(66);
      expectOneLine(ended.stderr);
      expect(ended.stderr).toMatch(
        /^Podium cannot start: the season file \(SEASON_FILE\) was not found, nothing was loaded: \/.*content\/seasons\/no-such-season\.json: file not found$/m,
      );
    },
    SLOW,
  );

  it(
    'exits 65 with one line giving the path and reason when the season file is refused',
    async () => {
      const file = path.join(work, 'refused-season.json');
      writeFileSync(file, JSON.stringify({ id: 'x' }));
      const ended = await runBuilt('server.js', { SEASON_FILE: file });
      expect(ended.code).toBe(65);
      expectOneLine(ended.stderr);
      expect(ended.stderr).toContain(
        `Podium cannot start: the season file (SEASON_FILE) was refused, nothing was loaded: ${file}: `,
      );
    },
    SLOW,
  );

  it(
    'exits 78 naming the variable when a setting is refused',
    async () => {
      const ended = await runBuilt('server.js', { PUBLIC_URL: 'https://host.example.com/podium' });
      expect(ended.code).toBe(78);
      expect(ended.stderr).toContain(
        "PUBLIC_URL ('https://host.example.com/podium'): must be an origin",
      );
      expect(ended.stderr).not.toMatch(/^\s+at /m);
    },
    SLOW,
  );
});

describe('the built content job, when it cannot load', () => {
  it(
    'exits 69 when the database is unreachable, 66 for a missing file',
    async () => {
      const port = await closedPort();
      const unreachable = await runBuilt(
        'content-load.js',
        // Production without any sign-in setting: the job reads only the database's settings.
        { NODE_ENV: 'production', DATABASE_URL: `postgres://podium@127.0.0.1:${port}/podium` },
        ['content/seasons/2025.json'],
      );
      expect(unreachable.code).toBe(69);
      expect(unreachable.stderr).toContain(
        `the database at 127.0.0.1:${port}/podium did not answer`,
      );
      const missing = await runBuilt('content-load.js', {}, [
        'content/seasons/no-such-season.json',
      ]);
      expect(missing.code).toBe(66);
      expect(missing.stderr).toContain('no-such-season.json: file not found');
    },
    SLOW,
  );
});
