import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { summarize, type Summary } from './stats';

/** An HTTP driver for the benchmark: keep-alive connections, latency per request kind. */

export interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * The caller needs only to know it succeeded (`send` then resolves to true): the body is
   * discarded unread, as a failure's is still shown. Parsing every answer would make the
   * driver, not the server, the bottleneck: it shares the machine.
   */
  discard?: boolean;
}

/** What a browser sends with every request beside the call's own headers (Chrome's). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Recorder {
  send<T = unknown>(call: Call): Promise<T | null>;
}

export interface PhaseResult {
  total: Summary;
  byKind: Map<string, Summary>;
  /** A few failures, to show what went wrong. */
  failures: string[];
  /** CPU time this driver process spent per request (ms): it shares the machine with the server. */
  driverCpuMs: number;
  /** CPU time the server spent per request (ms), when `serverCpuMs` was given. */
  serverCpuMs: number;
}

/**
 * Runs `workers` concurrent loops of `work` against `origin` over as many keep-alive
 * connections, until `work` returns false (or `durationMs` has passed), and summarises every
 * request's latency. A non-2xx answer or a network error counts as an error and yields null.
 */
export async function runPhase(options: {
  origin: string;
  workers: number;
  durationMs?: number;
  /** The server process's CPU time so far (ms), to report its CPU per request. */
  serverCpuMs?: () => number;
  work: (recorder: Recorder, worker: number) => Promise<boolean>;
}): Promise<PhaseResult> {
  const pool = new Pool(options.origin, {
    connections: options.workers,
    pipelining: 1,
    keepAliveTimeout: 60_000,
  });
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const failures: string[] = [];
  const recorder: Recorder = {
    async send<T>(call: Call): Promise<T | null> {
      const json = call.body !== undefined;
      const started = performance.now();
      let ok = false;
      let value: T | null = null;
      try {
        const response = await pool.request({
          method: call.method,
          path: call.path,
          headers: {
            ...BROWSER_HEADERS,
            ...call.headers,
            ...(json ? { 'content-type': 'application/json' } : {}),
          },
          ...(json ? { body: JSON.stringify(call.body) } : {}),
        });
        ok = response.statusCode >= 200 && response.statusCode < 300;
        if (ok && call.discard) {
          await response.body.dump();
          value = true as T;
        } else {
          const text =
            response.headers['content-encoding'] === 'gzip'
              ? gunzipSync(Buffer.from(await response.body.arrayBuffer())).toString()
              : await response.body.text();
          if (ok) value = JSON.parse(text) as T;
          else if (failures.length < 5)
            failures.push(`${call.kind}: ${response.statusCode} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        if (failures.length < 5) failures.push(`${call.kind}: ${String(error)}`);
      }
      const elapsed = performance.now() - started;
      const samples = latencies.get(call.kind) ?? [];
      latencies.set(call.kind, samples);
      samples.push(elapsed);
      if (!ok) errors.set(call.kind, (errors.get(call.kind) ?? 0) + 1);
      return value;
    },
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = options.serverCpuMs?.() ?? Number.NaN;
  const deadline = options.durationMs === undefined ? Infinity : started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      while (performance.now() < deadline && (await options.work(recorder, worker)));
    }),
  );
  const duration = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = (options.serverCpuMs?.() ?? Number.NaN) - serverCpuBefore;
  await pool.close();
  const all = [...latencies.values()].flat();
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
  return {
    total: summarize(all, errorCount, duration),
    byKind: new Map(
      [...latencies].map(([kind, samples]) => [
        kind,
        summarize(samples, errors.get(kind) ?? 0, duration),
      ]),
    ),
    failures,
    driverCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, all.length),
    serverCpuMs: serverCpu / Math.max(1, all.length),
  };
}
