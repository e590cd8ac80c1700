import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';

/** The page's own <style>, as the build leaves it (index.html: the loading screen's layout). */
const PAGE_STYLE = 'body{margin:0}.boot{display:grid}';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'podium-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Podium</title><style>${PAGE_STYLE}</style>`,
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

/** The CSP of a response as directive → sources. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe.each([['the web app', '/leaderboard']])('security headers on %s', (_name, url) => {
  let response: LightMyRequestResponse;
  beforeAll(async () => {
    response = await t.app.inject({ url });
  });

  it("allows scripts from this origin only, never 'unsafe-inline'", () => {
    const csp = cspOf(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it("allows stylesheets from this origin and the page's own <style> by its hash, nothing else inline", () => {
    const hash = createHash('sha256').update(PAGE_STYLE).digest('base64');
    expect(cspOf(response).get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it("forbids framing with frame-ancestors 'none'", () => {
    expect(cspOf(response).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends nosniff and a referrer policy that keeps paths on this site', () => {
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends no HSTS over plain http', () => {
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe.each([
  ['the health check', '/health/live'],
  ['an API answer', '/api/launch'],
  ['an API error', '/api/me'],
])('security headers on %s (JSON, never rendered)', (_name, url) => {
  let response: LightMyRequestResponse;
  beforeAll(async () => {
    response = await t.app.inject({ url });
  });

  it("allows nothing to load or run, and forbids framing ('none', DENY)", () => {
    const csp = cspOf(response);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect([...csp.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends nosniff, the referrer policy and a same-origin resource policy', () => {
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('leaves out the headers that only concern documents', () => {
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'strict-transport-security',
    ]) {
      expect(response.headers[name], name).toBeUndefined();
    }
  });
});
