// The Chromium that the end-to-end specs (playwright.config.ts) and the web budget
// (scripts/web-budget.ts) drive, found the same way for both (ADR 0017):
// 1. CHROMIUM_PATH (or chrome-launcher's CHROME_PATH) when set: that file, or an error;
// 2. a Chromium or Chrome on PATH (chromium, chromium-browser, google-chrome-stable, google-chrome);
// 3. otherwise the headless Chromium that the npm package @sparticuz/chromium ships inside its
//    registry tarball (brotli-compressed, with the NSS and expat libraries it links against and a
//    font), unpacked once into node_modules/.cache/podium-chromium/<version>. Nothing is
//    downloaded and no install script runs: `npm ci` alone brings it.
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  statSync,
} from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-fs';

export interface Chromium {
  executablePath: string;
  /** Where it came from, for the log line. */
  source: 'CHROMIUM_PATH' | 'PATH' | '@sparticuz/chromium';
  /** Environment the browser needs on top of the caller's (libraries and fonts of the bundled one). */
  env: Record<string, string>;
}

const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const PACKAGE = '@sparticuz/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const require = createRequire(import.meta.url);

/** An executable regular file (statSync follows symbolic links, as /usr/bin/google-chrome is one). */
function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A system Chromium or Chrome: the environment's choice, else the first one on PATH. */
export function systemChromium(env: NodeJS.ProcessEnv = process.env): Chromium | null {
  const chosen = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (chosen) {
    if (!isExecutableFile(chosen)) {
      throw new Error(`CHROMIUM_PATH/CHROME_PATH is ${chosen}, which is not an executable file`);
    }
    return { executablePath: chosen, source: 'CHROMIUM_PATH', env: {} };
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of NAMES_ON_PATH) {
      const file = path.join(dir, name);
      if (isExecutableFile(file)) return { executablePath: file, source: 'PATH', env: {} };
    }
  }
  return null;
}

async function unbrotli(from: string, to: string, mode?: number): Promise<void> {
  await pipeline(
    createReadStream(from),
    createBrotliDecompress({ chunkSize: 2 ** 21 }),
    createWriteStream(to, mode === undefined ? {} : { mode }),
  );
}

async function untarBrotli(from: string, toDir: string): Promise<void> {
  await pipeline(createReadStream(from), createBrotliDecompress(), extract(toDir));
}

/**
 * The Chromium of @sparticuz/chromium, unpacked on first use (a few seconds). Safe when several
 * processes ask at once (Playwright reads its config in every worker): each unpacks into a folder
 * of its own and renames it into place; a process that loses the race uses the winner's.
 */
export async function bundledChromium(
  cacheRoot = path.join(ROOT, 'node_modules/.cache/podium-chromium'),
): Promise<Chromium> {
  const packageDir = path.dirname(require.resolve(PACKAGE)).replace(/\/build\/(esm|cjs)$/, '');
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const bin = path.join(packageDir, 'bin');
  const dir = path.join(cacheRoot, version);
  const result: Chromium = {
    executablePath: path.join(dir, 'chromium'),
    source: '@sparticuz/chromium',
    env: {
      // libnss3, libnspr4, libexpat: the only libraries it needs beyond glibc's.
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH]
        .filter(Boolean)
        .join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
  };
  if (existsSync(path.join(dir, 'ready'))) return result;

  await mkdir(cacheRoot, { recursive: true });
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await mkdir(staging, { recursive: true });
  try {
    await Promise.all([
      unbrotli(path.join(bin, 'chromium.br'), path.join(staging, 'chromium'), 0o755),
      untarBrotli(path.join(bin, 'al2023.tar.br'), staging), // lib/
      untarBrotli(path.join(bin, 'fonts.tar.br'), staging), // fonts/
      untarBrotli(path.join(bin, 'swiftshader.tar.br'), staging), // libGLESv2.so and friends
    ]);
    await writeFile(
      path.join(staging, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        `  <dir>${path.join(dir, 'fonts')}</dir>`,
        '  <dir>/usr/share/fonts</dir>',
        `  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    await writeFile(path.join(staging, 'ready'), `${PACKAGE}@${version}\n`);
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another process renamed its copy into place first: use that one.
    if (existsSync(path.join(dir, 'ready'))) return result;
    throw error;
  }
  return result;
}

/** The browser to drive: a system one when there is one, else the bundled one. */
export async function resolveChromium(): Promise<Chromium> {
  return systemChromium() ?? (await bundledChromium());
}
