import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isNameClash, registerErrorHandling } from './errors';

/** Errors as node-postgres (and PGlite) raise them, wrapped by Drizzle as it does. */
const pgError = (code: string, constraint?: string) =>
  new Error('Failed query: insert …', {
    cause: Object.assign(new Error('database error'), { code, constraint }),
  });

/**
 * The safety net of ADR 0015: a database conflict that a write path did not answer on purpose
 * becomes a 409 in the house format, never a 500.
 */
describe('database conflicts', () => {
  it('recognises a unique violation on a name index only', () => {
    expect(isNameClash(pgError('23505', 'teams_name_lower'))).toBe(true);
    expect(isNameClash(pgError('23505', 'sales_teams_name_lower'))).toBe(true);
    expect(isNameClash(pgError('23505', 'attempts_one_per_week'))).toBe(false);
    expect(isNameClash(pgError('23503', 'teams_name_lower'))).toBe(false);
    expect(isNameClash(new Error('plain'))).toBe(false);
  });

  it.each([
    ['a name index', pgError('23505', 'teams_code_unique'), 'NAME_TAKEN'],
    ['another unique index', pgError('23505', 'attempts_one_per_week'), 'CONFLICT'],
    ['a row removed under a write', pgError('23503', 'players_sales_team_id_fk'), 'CONFLICT'],
    ['a serialization failure', pgError('40001'), 'CONFLICT'],
    ['a deadlock', pgError('40P01'), 'CONFLICT'],
  ])('answers 409 for %s', async (_name, error, code) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/write', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code, message: expect.stringMatching(/\S/) } });
    await app.close();
  });

  it('still answers 500 for other database errors', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/write', async () => {
      throw pgError('42601');
    });
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(500);
    await app.close();
  });
});
