import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { desc } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { auditLog } from '../src/server/db/schema';
import { BOM, parseCsvRecords } from '../src/server/features/organise/csv';
import type { OrganiserSeason, SeasonInput } from '#shared/contracts/organise';
import { signIn } from './test-app';

/**
 * Helpers for the organiser API's tests (ADR 0009): a client that sends the CSRF header, CSV
 * downloads read back, and the audit log read straight from the database.
 */

const CSRF = { 'x-podium-csrf': '1' };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as the holder of `cookie` (or signed out when it is undefined). */
export function apiClient(app: FastifyInstance, cookie?: string) {
  const send = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : CSRF) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    cookie,
    send,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

/** The demo organiser ('demo-organiser', groups: podium-organisers), signed in. */
export async function signInOrganiser(app: FastifyInstance): Promise<ApiClient> {
  const { cookie } = await signIn(app, 'demo-organiser');
  return apiClient(app, cookie);
}

/** The response's JSON after checking its status (the body is in the failure message). */
export function ok<T = unknown>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** A refusal: its status, its code, and a message that is not empty. */
export function refused(response: LightMyRequestResponse, status: number, code: string): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.trim()).not.toBe('');
  return body.error.message;
}

/**
 * A CSV download read back: UTF-8 with a byte-order mark, served as text/csv for download;
 * returns the header and the records keyed by column.
 */
export function readCsv(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
  const bytes = response.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const { header, records } = parseCsvRecords(text);
  return { header, rows: records.map((record) => record.values), text };
}

/** The newest audit entries, newest first. */
export async function latestAudit(db: Database, count = 1) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(count);
}

/** The season as it would be sent back unchanged (PUT /api/organise/season's body). */
export const seasonInputOf = (season: OrganiserSeason): SeasonInput => ({
  name: season.name,
  productName: season.productName,
  timeZone: season.timeZone,
  registrationClosesAt: season.registrationClosesAt,
  weeks: season.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
    setNum,
    eventId,
    eventWeek,
    opensOn,
    closesOn,
  })),
});

/**
 * A week's question route, on the draft (or any season) when `season` is given (ADR 0042):
 * `rest` is the path after …/questions, with its own query if any.
 */
export function questionsUrl(setNum: number, season?: string, rest = ''): string {
  const url = `/api/organise/weeks/${setNum}/questions${rest}`;
  if (season === undefined) return url;
  return `${url}${rest.includes('?') ? '&' : '?'}season=${encodeURIComponent(season)}`;
}

interface ContentFile {
  weeks: { setNum: number; questions: { slot: number | string; translations: object }[] }[];
}

/**
 * A week's content file (JSON) exported from `from` (the current season by default), as the body
 * of an import into week `setNum`, every English question text prefixed with `mark`.
 */
export async function markedWeekFile(
  organiser: ApiClient,
  from: number,
  mark: string,
  setNum = from,
): Promise<{ format: 'json'; content: string }> {
  const file = JSON.parse(
    (await organiser.get(questionsUrl(from, undefined, '/export?format=json'))).body,
  ) as ContentFile;
  const [week] = file.weeks;
  week!.setNum = setNum;
  for (const question of week!.questions) {
    const english = (question.translations as Record<string, { text: string }>).en!;
    english.text = `${mark} ${english.text}`;
  }
  return { format: 'json', content: JSON.stringify(file) };
}

/** The organiser's POST /api/organise/seasons: a draft of the next season (ADR 0039). */
export async function createDraftSeason(
  organiser: ApiClient,
  draft: { id: string; name: string; launchOn: string; from: 'empty' | 'current' },
): Promise<void> {
  ok(await organiser.post('/api/organise/seasons', draft), 201);
}
