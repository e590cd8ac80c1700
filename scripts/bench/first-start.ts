// npm run bench (first step) — the built server's memory when it starts on the embedded PGlite:
// on an empty data folder (PGlite's initdb, the migrations, the demo season) and on the folder
// that start left behind. Prints the server process's peak RSS (VmHWM in /proc/<pid>/status)
// once it is ready, beside the 400 MB target (ADR 0017), and the peak of the server
// and its child processes together (sampled from /proc every 50 ms), since the initdb runs in a
// child. Linux only. Exits 1 when a first start is over the target.
//   npx tsx scripts/bench/first-start.ts [--port 3420]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './server-process';

const TARGET_MB = 400;
const { values: args } = parseArgs({ options: { port: { type: 'string', default: '3420' } } });

/** A field of /proc/<pid>/status in MB, or 0 when the process is gone. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The process ids whose parent is `pid`, and theirs. */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) {
        children.push(Number(entry), ...descendants(Number(entry)));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

interface StartFigures {
  readyMs: number;
  peakMb: number;
  rssMb: number;
  treePeakMb: number;
}

async function measureStart(dataDir: string, port: number): Promise<StartFigures> {
  const started = performance.now();
  let treePeakMb = 0;
  // This process's descendants: the server, and PGlite's initdb in its child.
  const sampler = setInterval(() => {
    const tree = descendants(process.pid);
    const mb = tree.reduce((sum, pid) => sum + statusMb(pid, 'VmRSS'), 0);
    treePeakMb = Math.max(treePeakMb, mb);
  }, 50);
  const server = await startServer(
    port,
    { LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    { readyWithinMs: 600_000 },
  );
  const readyMs = performance.now() - started;
  const figures = {
    readyMs,
    peakMb: statusMb(server.pid!, 'VmHWM'),
    rssMb: statusMb(server.pid!, 'VmRSS'),
    treePeakMb: 0,
  };
  clearInterval(sampler);
  figures.treePeakMb = Math.max(treePeakMb, figures.peakMb);
  await server.stop();
  return figures;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-first-start-'));
let over = false;
try {
  console.log(
    `\nServer memory on PGlite (target: peak RSS under ${TARGET_MB} MB on the first start; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})\n`,
  );
  console.log(`${'start'.padEnd(24)} ready in   peak RSS   RSS when ready   peak with children`);
  for (const name of ['empty data folder', 'existing data folder']) {
    const f = await measureStart(dataDir, Number(args.port));
    const first = name === 'empty data folder';
    const under = f.peakMb < TARGET_MB;
    over ||= first && !under;
    console.log(
      `${name.padEnd(24)} ${`${(f.readyMs / 1000).toFixed(1)} s`.padStart(8)} ${`${f.peakMb.toFixed(0)} MB`.padStart(10)} ${`${f.rssMb.toFixed(0)} MB`.padStart(16)} ${`${f.treePeakMb.toFixed(0)} MB`.padStart(20)}   ${under ? `under ${TARGET_MB} MB` : `OVER ${TARGET_MB} MB`}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = over ? 1 : 0;
