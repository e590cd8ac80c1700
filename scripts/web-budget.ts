// npm run bench:web — the web app's budget (DESIGN.md §3): first-load JavaScript per route,
// gzipped, from a Vite build's manifest, and Lighthouse's mobile performance score of the
// login screen and of the signed-in home screen, on the built server and a system Chromium or the bundled one (scripts/chromium.ts).
// Needs PostgreSQL for the signed-in session (BENCH_DATABASE_URL, as `npm run bench`).
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { resolveChromium } from './chromium';
import { seedDrivenPlayers } from './bench/seed';
import { startServer, type Running } from './bench/server-process';

const JS_BUDGET_KB = 150;
const SCORE_BUDGET = 95;
/** Week 1 of the 2025 season is open: the home screen shows the race and the week to play. */
const CLOCK_START = '2025-02-05T12:00:00Z';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What a first visit of each route downloads besides the entry: its lazy modules (src/web/…). */
const ROUTES: Record<string, string[]> = {
  '/ (login screen)': [],
  '/ (home)': ['features/home/track-view.tsx'],
  '/rules': ['features/rules/rules-page.tsx', 'locales/rules/en.json'],
  '/track': ['features/home/track-list-page.tsx'],
  '/questions': ['features/play/questions-page.tsx'],
  '/leaderboard': ['features/leaderboard/leaderboard-page.tsx'],
  '/account': ['features/account/account-page.tsx'],
  '/organise': ['features/organise/organise-layout.tsx', 'locales/organise/en.json'],
};

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3405' },
    runs: { type: 'string', default: '3' },
    'skip-lighthouse': { type: 'boolean', default: false },
    /** A folder for Lighthouse's full JSON reports (open them in the Lighthouse viewer). */
    report: { type: 'string' },
  },
});

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The JavaScript files a module needs before it runs: itself and its static imports. */
function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

function firstLoadJs(): { route: string; files: number; kb: number }[] {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'podium-web-budget-'));
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const gzipped = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;
    return Object.entries(ROUTES).map(([route, lazy]) => {
      const files = new Set<string>();
      for (const key of ['index.html', ...lazy]) closure(manifest, key, files);
      const js = [...files].filter((file) => file.endsWith('.js'));
      const bytes = js.reduce((sum, file) => sum + gzipped(file), 0);
      return { route, files: js.length, kb: bytes / 1024 };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs that Lighthouse itself could not measure (e.g. NO_NAVSTART, a lost trace) are retried. */
const MAX_RETRIES = 3;

/** The median of `runs` Lighthouse performance scores (mobile, the default settings). */
async function performanceScore(url: string, port: number, name: string, cookie?: string) {
  const scores: number[] = [];
  let metrics = '';
  let retries = 0;
  for (let run = 0; run < Number(args.runs); run++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result!.lhr;
    if (args.report) {
      mkdirSync(args.report, { recursive: true });
      const file = `${name.replace(/\W+/g, '-')}-${run + 1}.json`;
      writeFileSync(path.join(args.report, file), result!.report as string);
    }
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    if (lhr.runtimeError) {
      if (++retries > MAX_RETRIES)
        throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
      console.log(`  ${name}: Lighthouse could not measure (${lhr.runtimeError.code}); again`);
      run--;
      continue;
    }
    scores.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '—';
    metrics = `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`;
  }
  scores.sort((a, b) => a - b);
  return { score: scores[Math.floor(scores.length / 2)]!, scores, metrics };
}

let failed = false;
console.log(`First-load JavaScript per route (gzipped; budget ${JS_BUDGET_KB} KB)\n`);
for (const { route, files, kb } of firstLoadJs()) {
  const over = kb > JS_BUDGET_KB;
  failed ||= over;
  console.log(
    `${route.padEnd(20)} ${kb.toFixed(1).padStart(7)} KB in ${String(files).padStart(2)} files${over ? '  OVER BUDGET' : ''}`,
  );
}

if (!args['skip-lighthouse']) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `podium_web_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-web-budget-'));
  let server: Running | null = null;
  let database: DatabaseHandle | null = null;
  let client: pg.Client | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    server = await startServer(Number(args.port), {
      NODE_ENV: 'production',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url.href,
      DATA_DIR: dataDir,
      SEASON_FILE: 'content/seasons/2025.json',
      CLOCK_START,
    });
    database = await openDatabase({ databaseUrl: url.href, dataDir: null });
    client = new pg.Client({ connectionString: url.href });
    await client.connect();
    const [player] = await seedDrivenPlayers(database.db, client, 1, new Date(CLOCK_START));
    const browser = await resolveChromium();
    console.log(`Chromium: ${browser.executablePath} (${browser.source})`);
    chrome = await chromeLauncher.launch({
      chromePath: browser.executablePath,
      chromeFlags: CHROME_FLAGS,
      envVars: { ...process.env, ...browser.env },
    });
    console.log(
      `\nLighthouse performance, mobile (median of ${args.runs} runs; budget ${SCORE_BUDGET}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})\n`,
    );
    const screens = [
      { name: 'login screen', cookie: undefined },
      { name: 'home (signed in)', cookie: `podium_session=${player!.sessionId}` },
    ];
    for (const screen of screens) {
      const { score, scores, metrics } = await performanceScore(
        `${server.origin}/`,
        chrome.port,
        screen.name,
        screen.cookie,
      );
      const under = score < SCORE_BUDGET;
      failed ||= under;
      console.log(
        `${screen.name.padEnd(18)} ${String(score).padStart(3)} (${scores.join(', ')})  ${metrics}${under ? '  UNDER BUDGET' : ''}`,
      );
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    await client?.end();
    await database?.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
