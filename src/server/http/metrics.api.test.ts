import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  errorCode,
  expectStatus,
  playMainSet,
  registeredPlayer,
  type PlayApp,
} from '../../../tests/play-helpers';
import { createTestApp, type TestApp } from '../../../tests/test-app';

/**
 * The Prometheus endpoint (ADR 0018): GET /metrics exists only with METRICS_TOKEN set and
 * answers only a scraper that sends it as a Bearer token; playing a week moves the counters.
 */

const TOKEN = 'test-metrics-token-0123456789abcdef';

/** The value of one sample, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open, { METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

describe('with METRICS_TOKEN', () => {
  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  it('refuses a scraper without the token, with a wrong one, or with it as Basic credentials', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(errorCode(response, 401)).toBe('UNAUTHENTICATED');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the scraper in the Prometheus text format, database pool and process included', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const max = sample(text, 'podium_database_connections', { state: 'max' });
    const total = sample(text, 'podium_database_connections', { state: 'total' });
    if (t.database.kind === 'pglite') {
      expect([max, total]).toEqual([1, 1]);
      expect(text).not.toContain('podium_database_requests_waiting');
    } else {
      expect(max).toBe(10);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'podium_database_connections', { state: 'idle' })).toBeLessThanOrEqual(
        total!,
      );
      expect(sample(text, 'podium_database_requests_waiting')).toBe(0);
    }
  });

  it('counts a played week: attempts started and finished, requests by route pattern, errors by code', async () => {
    const before = await scrape();
    const started = (text: string) =>
      sample(text, 'podium_attempts_started_total', { week: '1' }) ?? 0;
    const finished = (text: string) =>
      sample(text, 'podium_attempts_finished_total', { week: '1' }) ?? 0;
    const answered = (text: string) =>
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/attempts/:id/answers',
        status_class: '2xx',
      }) ?? 0;
    const refusedAsFinished = (text: string) =>
      sample(text, 'http_request_errors_total', {
        method: 'POST',
        route: '/api/attempts/:id/answers',
        status_class: '4xx',
        code: 'ATTEMPT_FINISHED',
      }) ?? 0;

    // Ana plays the whole main set: the fifth answer scores it.
    const ana = await registeredPlayer(t, 'demo-ana');
    const anaAttempt = await playMainSet(t, ana);
    // Luis starts, finishes early, then tries to answer: refused.
    const luis = await registeredPlayer(t, 'demo-luis');
    const luisAttempt = expectStatus(await luis.start(), 200);
    expectStatus(await luis.start(), 200); // resuming is not starting again
    expectStatus(await luis.finish(luisAttempt.id), 200);
    const key = await answerKey(t.database.db, luisAttempt.id);
    expect(errorCode(await luis.answer(luisAttempt.id, 1, key.right(1)), 409)).toBe(
      'ATTEMPT_FINISHED',
    );

    const after = await scrape();
    expect(started(after) - started(before)).toBe(2);
    expect(finished(after) - finished(before)).toBe(2);
    expect(answered(after) - answered(before)).toBe(5);
    expect(refusedAsFinished(after) - refusedAsFinished(before)).toBe(1);
    expect(
      sample(after, 'http_request_duration_seconds_bucket', {
        route: '/api/attempts/:id/answers',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(5);
    // Route patterns only: no attempt id ever becomes a label.
    expect(after).not.toContain(anaAttempt.id);
    expect(after).not.toContain(luisAttempt.id);
    // Both players' sessions are held in the memo.
    expect(sample(after, 'podium_session_memo_entries')).toBeGreaterThanOrEqual(2);
  });

  it('counts an attempt closed by the clock as finished, once', async () => {
    const camille = await registeredPlayer(t, 'demo-camille');
    const before = await scrape();
    const finished = (text: string) =>
      sample(text, 'podium_attempts_finished_total', { week: '1' }) ?? 0;
    const attempt = expectStatus(await camille.start(), 200);
    t.clock.advance(10 * 60_000);
    expect(expectStatus(await camille.attempt(attempt.id), 200).status).toBe('done');
    expectStatus(await camille.attempt(attempt.id), 200);
    expect(finished(await scrape()) - finished(before)).toBe(1);
  });
});

describe('without METRICS_TOKEN', () => {
  // The same database as the app with metrics: a second one would only cost time.
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ database: t.database });
  });
  afterAll(() => bare.close());

  it('has no /metrics endpoint at all', async () => {
    const response = await bare.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // Without a route, the address falls through to the web app (its index.html once built, else 404).
    expect(response.body).not.toContain('# HELP');
    expect(response.headers['content-type']).not.toMatch(/text\/plain/);
    expect(bare.routes!.some((route) => route.url === '/metrics')).toBe(false);
  });
});
