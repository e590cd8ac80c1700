import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { AppError, errorCodeOf } from './errors';

/**
 * Prometheus metrics (ADR 0018), served at GET /metrics to a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured there is no endpoint and
 * no hook: the request path pays nothing.
 */
export interface Metrics {
  registry: Registry;
  /** A player started a week's attempt (counted once, when the row is created). */
  attemptStarted(week: number): void;
  /** A week's main set was scored: finished, timed out, or closed by the sweep. */
  attemptFinished(week: number): void;
  /** What the gauges read at scrape time, known once the app has built them. */
  observe(sources: Partial<MetricSources>): void;
}

export interface MetricSources {
  database: Pick<DatabaseHandle, 'kind' | 'poolStats'>;
  sessionMemoSize: () => number;
}

/** Request latencies in seconds: the play path answers in milliseconds, a slow read in 100s. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Partial<MetricSources> = {};

  const attemptsStarted = new Counter({
    name: 'podium_attempts_started_total',
    help: 'Attempts started, by week of the season (this instance, since it started).',
    labelNames: ['week'] as const,
    registers: [registry],
  });
  const attemptsFinished = new Counter({
    name: 'podium_attempts_finished_total',
    help: 'Attempts whose main set was scored (finished, timed out or swept), by week of the season.',
    labelNames: ['week'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'podium_database_connections',
    help: 'Database pool connections by state (PostgreSQL); PGlite reports its one connection as total.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.database?.poolStats();
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'total' }, stats.total);
      if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'podium_session_memo_entries',
    help: 'Signed-in sessions held in this instance’s session memo (ADR 0011).',
    registers: [registry],
    collect() {
      if (sources.sessionMemoSize) this.set(sources.sessionMemoSize());
    },
  });

  return {
    registry,
    attemptStarted: (week) => attemptsStarted.inc({ week: String(week) }),
    attemptFinished: (week) => attemptsFinished.inc({ week: String(week) }),
    observe(more) {
      Object.assign(sources, more);
      // PGlite has no pool to wait for: it queues queries inside, out of sight.
      if (more.database?.kind === 'postgres') {
        new Gauge({
          name: 'podium_database_requests_waiting',
          help: 'Queries waiting for a free PostgreSQL pool connection.',
          registers: [registry],
          collect() {
            this.set(sources.database?.poolStats().waiting ?? 0);
          },
        });
      }
    },
  };
}

/**
 * Times every request by route pattern (`/api/attempts/:attemptId`, never the raw URL, so that
 * the series stay few), counts errors by status class and error code, and serves GET /metrics.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by route pattern.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Responses with a 4xx or 5xx status, by route pattern, status class and error code.',
    labelNames: ['method', 'route', 'status_class', 'code'] as const,
    registers: [metrics.registry],
  });

  // A callback hook that only observes: no promise, no allocation beyond the label object.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const labels = {
      method: request.method,
      // Unmatched URLs share one label: they are whatever a client typed.
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(status / 100)}xx`,
    };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (status >= 400) errors.inc({ ...labels, code: errorCodeOf(reply) ?? 'none' });
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization;
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Send the metrics token as a Bearer token.');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}

/** Equal-length digests, so that the comparison's time says nothing about the token. */
const digest = (value: string) => createHash('sha256').update(value).digest();
