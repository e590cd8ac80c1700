// npm run bench:web — the web app's budget (ADR 0023, docs/performance.md): first-load
// JavaScript per route, gzipped, from a Vite build's manifest, the web fonts a first visit adds,
// and Lighthouse's mobile performance score and CLS of the login screen and of the signed-in
// home screen, on the built server and a system Chromium or the bundled one (scripts/chromium.ts).
// Each figure is printed beside its target; the exit code is 1 when one is missed. Beside the
// scores, Lighthouse's benchmark index of this machine (median of the runs): its mobile throttling
// slows the page's own CPU work by a fixed factor, so a slower host scores lower on the same build.
// Needs PostgreSQL for the signed-in session (BENCH_DATABASE_URL, as `npm run bench`).
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
import { median } from './bench/stats';
import { startServer, type Running } from './bench/server-process';

/** First-load JavaScript of the login and home routes, and with the fonts a first visit adds. */
const FIRST_LOAD_TARGET_KB = 110;
/** Other routes: the old budget, printed for the record. */
const JS_BUDGET_KB = 150;
const SCORE_TARGET = 98;
const CLS_TARGET = 0;
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

/**
 * What a first visit of each route downloads besides the entry: its lazy modules (src/web/…),
 * among them the one language's texts the server preloads (http/spa.ts), English but for Thai.
 */
const EN = 'locales/en.json';
const ROUTES: Record<string, string[]> = {
  '/ (login screen)': [EN],
  '/ (home)': [EN, 'features/home/track-view.tsx'],
  // The language with the largest strings and the only web font (styles/fonts.css).
  '/ (home, in Thai)': ['features/home/track-view.tsx', 'locales/th.json'],
  '/rules': [EN, 'features/rules/rules-page.tsx', 'locales/rules/en.json'],
  '/track': [EN, 'features/home/track-list-page.tsx'],
  '/questions': [EN, 'features/play/questions-page.tsx'],
  '/leaderboard': [EN, 'features/leaderboard/leaderboard-page.tsx'],
  '/account': [EN, 'features/account/account-page.tsx'],
  '/organise': [EN, 'features/organise/organise-layout.tsx', 'locales/organise/en.json'],
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

/** The routes whose first load has the 110 KB target (fonts included). */
const TARGETED = new Set(['/ (login screen)', '/ (home)', '/ (home, in Thai)']);

interface FirstLoad {
  route: string;
  files: number;
  kb: number;
  /** Web fonts this first visit downloads, after the first paint (font-display: swap). */
  fontKb: number;
}

function firstLoadJs(): FirstLoad[] {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'podium-web-budget-'));
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const gzipped = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;
    // The Thai subset (WOFF2, already compressed): its unicode-range keeps every other
    // language from downloading it, and LanguageSync fetches both weights for Thai.
    const thaiFonts = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => /noto-sans-thai.*\.woff2$/.test(file))
      .reduce((sum, file) => sum + statSync(path.join(outDir, 'assets', file)).size, 0);
    return Object.entries(ROUTES).map(([route, lazy]) => {
      const files = new Set<string>();
      for (const key of ['index.html', ...lazy]) closure(manifest, key, files);
      const js = [...files].filter((file) => file.endsWith('.js'));
      const bytes = js.reduce((sum, file) => sum + gzipped(file), 0);
      const fontKb = lazy.includes('locales/th.json') ? thaiFonts / 1024 : 0;
      return { route, files: js.length, kb: bytes / 1024, fontKb };
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
  const shifts: number[] = [];
  const benchmarks: number[] = [];
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
    shifts.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
    benchmarks.push(lhr.environment.benchmarkIndex);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '—';
    metrics = `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}`;
  }
  // CLS: the worst run, so that one shifting run is not hidden by the median.
  const cls = Math.max(...shifts);
  return { score: median(scores), scores, cls, metrics, benchmarkIndex: median(benchmarks) };
}

let failed = false;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
/** One line per figure: the figure, its target, and whether it is met. */
function report(name: string, figure: string, target: string, met: boolean, detail = '') {
  failed ||= !met;
  console.log(
    `${name.padEnd(34)} ${figure.padStart(9)}   target ${target.padEnd(9)} ${met ? 'met' : 'MISSED'}${detail ? `   ${detail}` : ''}`,
  );
}

console.log(`Load average at the start: ${loadAverage()} (bytes do not depend on it)\n`);
console.log('First load, gzipped JavaScript (+ web fonts)\n');
for (const { route, files, kb, fontKb } of firstLoadJs()) {
  const targeted = TARGETED.has(route);
  const target = targeted ? FIRST_LOAD_TARGET_KB : JS_BUDGET_KB;
  if (fontKb > 0) {
    report(
      `${route} JavaScript`,
      `${kb.toFixed(1)} KB`,
      `≤ ${target} KB`,
      kb <= target,
      `${files} files`,
    );
    report(
      `${route} + fonts`,
      `${(kb + fontKb).toFixed(1)} KB`,
      `≤ ${target} KB`,
      kb + fontKb <= target,
      `fonts ${fontKb.toFixed(1)} KB, after the first paint`,
    );
  } else {
    report(
      `${route} JavaScript`,
      `${kb.toFixed(1)} KB`,
      `≤ ${target} KB`,
      kb <= target,
      `${files} files, no web font`,
    );
  }
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
      `\nLighthouse, mobile (performance: median of ${args.runs} runs; CLS: the worst run; load average ${loadAverage()})\n`,
    );
    const screens = [
      { name: 'login screen', cookie: undefined },
      { name: 'home (signed in)', cookie: `podium_session=${player!.sessionId}` },
    ];
    for (const screen of screens) {
      const { score, scores, cls, metrics, benchmarkIndex } = await performanceScore(
        `${server.origin}/`,
        chrome.port,
        screen.name,
        screen.cookie,
      );
      report(
        `${screen.name} performance`,
        String(score),
        `≥ ${SCORE_TARGET}`,
        score >= SCORE_TARGET,
        `runs ${scores.join(', ')}; ${metrics}; host benchmark index ${benchmarkIndex.toFixed(0)}`,
      );
      report(`${screen.name} CLS`, cls.toFixed(3), String(CLS_TARGET), cls <= CLS_TARGET);
    }
    console.log(`\nLoad average at the end: ${loadAverage()}`);
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
