import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';

/**
 * Health probes and metrics scrapes arrive every few seconds from each balancer and scraper:
 * their request lines are logged at PROBE_LOG_LEVEL (debug by default), below the info lines
 * of people's requests, so that they do not bury them.
 */

const TOKEN = 'probe-logging-test-token-0123456789abcdef';

let t: TestApp | undefined;
afterEach(() => t?.close());

async function urlsLoggedAt(env: Record<string, string>): Promise<Map<string, number[]>> {
  const lines: { level: number; req?: { url: string }; msg: string }[] = [];
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, ...env },
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  await t.app.inject({ url: '/health/live' });
  await t.app.inject({ url: '/health/ready' });
  await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  await t.app.inject({ url: '/metrics' });
  await t.app.inject({ url: '/api/site' });
  // "incoming request" carries the URL; "request completed" shares its request id.
  const urlOf = new Map<string, string>();
  const levels = new Map<string, number[]>();
  for (const line of lines as { level: number; reqId?: string; req?: { url: string } }[]) {
    if (line.reqId && line.req) urlOf.set(line.reqId, line.req.url);
    const url = line.reqId ? urlOf.get(line.reqId) : undefined;
    if (url) levels.set(url, [...(levels.get(url) ?? []), line.level]);
  }
  return levels;
}

const DEBUG = 20;
const INFO = 30;

describe('probe and scrape logging', () => {
  it('logs probes and scrapes at debug by default: nothing at LOG_LEVEL=info, people still logged', async () => {
    const levels = await urlsLoggedAt({ LOG_LEVEL: 'info' });
    expect(levels.get('/api/site')).toEqual([INFO, INFO]);
    expect(levels.has('/health/live')).toBe(false);
    expect(levels.has('/health/ready')).toBe(false);
    expect(levels.has('/metrics')).toBe(false);
  });

  it('logs them at debug, two lines each, when LOG_LEVEL=debug', async () => {
    const levels = await urlsLoggedAt({ LOG_LEVEL: 'debug' });
    expect(levels.get('/health/live')).toEqual([DEBUG, DEBUG]);
    expect(levels.get('/health/ready')).toEqual([DEBUG, DEBUG]);
    expect(levels.get('/metrics')).toEqual([DEBUG, DEBUG, DEBUG, DEBUG]);
  });

  it('logs them at info with PROBE_LOG_LEVEL=info', async () => {
    const levels = await urlsLoggedAt({ LOG_LEVEL: 'info', PROBE_LOG_LEVEL: 'info' });
    expect(levels.get('/health/live')).toEqual([INFO, INFO]);
  });
});
