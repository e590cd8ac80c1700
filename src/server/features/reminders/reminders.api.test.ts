import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { players as playersTable, reminders } from '../../db/schema';
import { moments2025 } from '../../../../tests/factories';
import { ok, signInOrganiser, type ApiClient } from '../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import { createTestApp, signIn } from '../../../../tests/test-app';
import type { Outbox } from '#shared/contracts/reminders';
import { createMailer } from './mailer';
import { claimReminders } from './repository';
import { LEASE_MS, runReminderRound, type ReminderDeps, type RemindersPlanned } from './service';

/**
 * Reminders end to end through a real SMTP server in this process (smtp-server): who gets which
 * mail at which UTC instant, for teams in Tokyo (UTC+9), New York (DST on 9 March 2025) and
 * Honolulu (UTC−10), on the 2025 calendar. The scheduler's timer is off (REMINDERS=0); each step
 * runs one round as an instance would, with the clock standing where the test puts it.
 */

interface Received {
  to: string;
  messageId: string;
  date: string;
  language: string;
  subject: string;
}

const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      // Unfold continued header lines, then read the ones the test checks.
      const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) =>
        new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      inbox.push({
        to: header('To'),
        messageId: header('Message-ID'),
        date: new Date(header('Date')).toISOString(),
        language: header('Content-Language'),
        subject: header('Subject'),
      });
      callback();
    });
  },
});

let t: PlayApp;
let organiser: ApiClient;
let deps: ReminderDeps;
let smtpUrl: string;
const players: Record<string, Player> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createPlayApp(moments2025.beforeLaunch, { REMINDERS: '0', SMTP_URL: smtpUrl });
  organiser = await signInOrganiser(t.app);
  for (const [name, timeZone, code] of [
    ['Japan', 'Asia/Tokyo', 'jp'],
    ['Hawaii', 'Pacific/Honolulu', 'hi'],
  ] as const) {
    const body = { name, flag: 'us', code, region: 'ASEAN', timeZone };
    ok(await organiser.post('/api/organise/teams', body), 201);
  }
  // Tokyo: Ana (Spanish) plays, Camille is on holiday in week 1.
  players.ana = await registeredPlayer(t, 'demo-ana', { team: 'jp', language: 'es' });
  players.camille = await registeredPlayer(t, 'demo-camille', {
    team: 'jp',
    language: 'fr',
    activeWeeks: [false, true, true, true, true, true],
  });
  // New York: Emily plays, Kasia turns reminders off.
  players.emily = await registeredPlayer(t, 'demo-emily', { team: 'us' });
  players.kasia = await registeredPlayer(t, 'demo-kasia', { team: 'us', language: 'pl' });
  // Honolulu: Putri (Indonesian) plays, Linh finishes week 1 before its reminder.
  players.putri = await registeredPlayer(t, 'demo-putri', { team: 'hi', language: 'id' });
  players.linh = await registeredPlayer(t, 'demo-linh', { team: 'hi', language: 'vi' });
  deps = {
    db: t.database.db,
    clock: t.clock,
    mailer: await createMailer(smtpUrl),
    times: { localHour: 9, hoursBeforeClose: 12 },
    from: 'Podium <podium@example.com>',
    productName: 'Podium',
    publicOrigin: t.config.publicOrigin,
  };
});
afterAll(async () => {
  deps.mailer.close();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Each instance's record of its plans, kept from round to round as its scheduler keeps it. */
const plans = new WeakMap<ReminderDeps, RemindersPlanned>();
function plannedBy(instance: ReminderDeps): RemindersPlanned {
  if (!plans.has(instance)) plans.set(instance, new Map());
  return plans.get(instance)!;
}

/** Stands the clock at `iso`, runs one round and returns the mails it delivered, by recipient. */
async function roundAt(iso: string, instances = [deps]): Promise<Received[]> {
  t.clock.set(new Date(iso));
  const before = inbox.length;
  await Promise.all(instances.map((instance) => runReminderRound(instance, plannedBy(instance))));
  return inbox.slice(before).sort((a, b) => a.to.localeCompare(b.to));
}

const to = (mails: Received[]) => mails.map((mail) => mail.to.replace(/^.*<|>$/g, ''));

describe('reminders at 09:00 local time, through SMTP', () => {
  it('sends nothing before the first zone reaches 09:00 on the opening day', async () => {
    expect(await roundAt('2025-02-03T23:59:59Z')).toEqual([]);
  });

  it('reaches Tokyo at 00:00 UTC, in Spanish, never the player on holiday', async () => {
    const mails = await roundAt('2025-02-04T00:00:00Z');
    expect(to(mails)).toEqual(['ana.garcia@example.com']);
    expect(mails[0]).toMatchObject({ date: '2025-02-04T00:00:00.000Z', language: 'es' });
    expect(mails[0]!.messageId).toMatch(/^<reminder-[0-9a-f-]{36}@podium\.test>$/);
  });

  it('reaches New York at 14:00 UTC (EST), not the player who turned reminders off', async () => {
    const off = players.kasia!.cookie;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/reminders',
      headers: { cookie: off, 'x-podium-csrf': '1' },
      payload: { enabled: false },
    });
    expect(response.json()).toEqual({ enabled: false });
    expect(await roundAt('2025-02-04T13:59:59Z')).toEqual([]);
    const mails = await roundAt('2025-02-04T14:00:00Z');
    expect(to(mails)).toEqual(['emily.clark@example.com']);
    expect(mails[0]).toMatchObject({
      date: '2025-02-04T14:00:00.000Z',
      language: 'en',
      subject: 'Podium: week 1 is open',
    });
  });

  it('reaches Honolulu at 19:00 UTC, not the player who already finished the week', async () => {
    t.clock.set(new Date('2025-02-04T15:00:00Z')); // 05:00 in Honolulu: the week is open
    await playWeek(t, players.linh!);
    const mails = await roundAt('2025-02-04T19:00:00Z');
    expect(to(mails)).toEqual(['putri.wijaya@example.com']);
    expect(mails[0]).toMatchObject({ date: '2025-02-04T19:00:00.000Z', language: 'id' });
  });

  it('looks again only at the players changed since it last planned a reminder', async () => {
    // Kasia's switch turned on behind the app's back, so her row's updated_at stays as it was:
    // the instance that planned New York's opening reminder does not look at her again…
    const kasia = eq(playersTable.email, 'katarzyna.nowak@example.com');
    await t.database.db.update(playersTable).set({ remindersEnabled: true }).where(kasia);
    expect(await roundAt('2025-02-04T19:00:30Z')).toEqual([]);
    // …while an instance that has not planned it yet looks at everyone and finds her (its
    // mail server is down here, so her reminder stays pending).
    const fresh = { ...deps, mailer: { ...deps.mailer, send: () => crash() } };
    expect(await roundAt('2025-02-04T19:01:00Z', [fresh])).toEqual([]);
    const pending = await t.database.db
      .select({ playerId: reminders.playerId })
      .from(reminders)
      .where(eq(reminders.status, 'pending'));
    expect(pending).toEqual([{ playerId: players.kasia!.playerId }]);
    await t.database.db.delete(reminders).where(eq(reminders.status, 'pending'));
    await t.database.db.update(playersTable).set({ remindersEnabled: false }).where(kasia);
  });

  it('reminds a player who turns reminders on after the plan, at the next round', async () => {
    const turn = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/reminders',
        headers: { cookie: players.kasia!.cookie, 'x-podium-csrf': '1' },
        payload: { enabled },
      });
    t.clock.set(new Date('2025-02-05T15:00:00Z')); // Wednesday, 10:00 in New York
    expect((await turn(true)).json()).toEqual({ enabled: true });
    const mails = await roundAt('2025-02-05T15:00:30Z');
    expect(to(mails)).toEqual(['katarzyna.nowak@example.com']);
    expect(mails[0]).toMatchObject({ date: '2025-02-05T15:00:30.000Z', language: 'pl' });
    expect((await turn(false)).json()).toEqual({ enabled: false });
  });

  it('reminds before the close once, however many instances race for it', async () => {
    const second = { ...deps, mailer: await createMailer(smtpUrl) };
    // 09:00 on Friday 7 February in Tokyo, 15 hours before its close.
    const mails = await roundAt('2025-02-07T00:00:00Z', [deps, second, deps, second]);
    second.mailer.close();
    expect(to(mails)).toEqual(['ana.garcia@example.com']);
    expect(mails[0]!.date).toBe('2025-02-07T00:00:00.000Z');
    // Again later: nothing more.
    expect(await roundAt('2025-02-07T00:05:00Z', [deps, second])).toEqual([]);
  });

  it('sends nothing for a week that closed while no server ran (weeks 2–5 here)', async () => {
    const rows = await t.database.db.select().from(reminders);
    expect(rows.every((row) => row.setNum === 1)).toBe(true);
  });

  it('follows New York onto daylight time: week 6 opens at 13:00 UTC', async () => {
    const early = await roundAt('2025-03-10T12:59:59Z');
    expect(to(early)).not.toContain('emily.clark@example.com');
    const mails = await roundAt('2025-03-10T13:00:00Z');
    expect(to(mails)).toEqual(['emily.clark@example.com']);
    expect(mails[0]!.date).toBe('2025-03-10T13:00:00.000Z');
  });

  it('catches up at start-up a reminder that came due while no server ran', async () => {
    // Honolulu's week 6 reminder was due at 19:00 UTC on 10 March; a server starts at 03:00.
    const dueAt = new Date('2025-03-10T19:00:00Z');
    const startedAt = new Date('2025-03-11T03:00:00Z');
    t.clock.set(startedAt);
    const restarted = await createTestApp({
      database: t.database,
      clock: t.clock,
      // The scheduler on, as on a real server (test apps have it off): its start-up round.
      env: {
        REMINDERS: '1',
        SMTP_URL: smtpUrl,
        SESSION_IDLE_MINUTES: '43200',
        SESSION_ABSOLUTE_HOURS: '2160',
      },
    });
    try {
      const sent = await waitFor(async () => {
        const rows = await t.database.db.select().from(reminders).where(eq(reminders.setNum, 6));
        const honolulu = rows.filter((row) => row.timeZone === 'Pacific/Honolulu');
        return honolulu.length === 2 && honolulu.every((row) => row.status === 'sent')
          ? honolulu
          : [];
      });
      // Linh did not finish week 6, so Linh gets this one too.
      expect(sent.map((row) => [row.recipient, row.kind, row.dueAt, row.sentAt]).sort()).toEqual([
        ['linh.nguyen@example.com', 'opening', dueAt, startedAt],
        ['putri.wijaya@example.com', 'opening', dueAt, startedAt],
      ]);
      const caughtUp = inbox.filter((mail) => mail.date === startedAt.toISOString());
      expect(to(caughtUp).sort()).toEqual(['linh.nguyen@example.com', 'putri.wijaya@example.com']);
    } finally {
      await restarted.close();
    }
  });

  it('resends the same message after a crash between acceptance and marking as sent', async () => {
    // Tokyo's closing reminder of week 6: 09:00 JST on Friday 14 March = 00:00 UTC.
    t.clock.set(new Date('2025-03-14T00:00:00Z'));
    await runReminderRound({ ...deps, mailer: { ...deps.mailer, send: () => crash() } });
    const [pending] = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.kind, 'closing'));
    expect(pending).toBeDefined();
    // An instance claims it, the SMTP server accepts it, and the instance dies before recording.
    t.clock.set(new Date('2025-03-14T00:30:00Z'));
    const claimed = await claimReminders(
      deps.db,
      t.clock.now(),
      new Date('2025-03-14T00:40:00Z'),
      50,
    );
    expect(claimed.length).toBeGreaterThan(0);
    const before = inbox.length;
    await deps.mailer.send({
      from: deps.from,
      to: claimed[0]!.recipient ?? 'ana.garcia@example.com',
      subject: 'x',
      text: 'x',
      messageId: `<reminder-${claimed[0]!.id}@podium.test>`,
      date: t.clock.now(),
      language: 'es',
    });
    // While its lease holds, no other instance sends it.
    expect(await roundAt('2025-03-14T00:39:59Z')).toEqual([]);
    // Once it expired, the next round sends it again, under the same Message-ID.
    const again = await roundAt(
      new Date(Date.parse('2025-03-14T00:30:00Z') + LEASE_MS).toISOString(),
    );
    expect(again.map((mail) => mail.messageId)).toContain(inbox[before]!.messageId);
    const [row] = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.id, claimed[0]!.id));
    expect(row).toMatchObject({ status: 'sent' });
  });

  it('lists every reminder in the organiser outbox, as a log of SMTP deliveries', async () => {
    // Sessions idle for a month have expired: sign in again, at today's clock.
    organiser = await signInOrganiser(t.app);
    const outbox = ok<Outbox>(await organiser.get('/api/organise/outbox'));
    expect(outbox.transport).toBe('smtp');
    const week1Opening = outbox.entries
      .filter((entry) => entry.week === 1 && entry.kind === 'opening')
      .map((entry) => [entry.player.email, entry.sentAt, entry.timeZone]);
    expect(week1Opening).toEqual(
      expect.arrayContaining([
        ['ana.garcia@example.com', '2025-02-04T00:00:00.000Z', 'Asia/Tokyo'],
        ['emily.clark@example.com', '2025-02-04T14:00:00.000Z', 'America/New_York'],
        ['putri.wijaya@example.com', '2025-02-04T19:00:00.000Z', 'Pacific/Honolulu'],
        ['katarzyna.nowak@example.com', '2025-02-05T15:00:30.000Z', 'America/New_York'],
      ]),
    );
    expect(week1Opening).toHaveLength(4);
    const player = await registeredPlayerOutbox();
    expect(player).toBe(403);
  });
});

describe('PUT /api/me/reminders', () => {
  let cookie: string;
  beforeAll(async () => void ({ cookie } = await signIn(t.app, 'demo-emily')));

  it('gives the same result for the same request sent twice at once', async () => {
    const send = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/reminders',
        headers: { cookie, 'x-podium-csrf': '1' },
        payload: { enabled: false },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ remindersEnabled: false });
  });

  it('refuses anything but a boolean with 400', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/reminders',
      headers: { cookie, 'x-podium-csrf': '1' },
      payload: { enabled: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });
});

function crash(): Promise<void> {
  return Promise.reject(new Error('connection refused'));
}

async function registeredPlayerOutbox(): Promise<number> {
  const { cookie } = await signIn(t.app, 'demo-ana');
  const response = await t.app.inject({ url: '/api/organise/outbox', headers: { cookie } });
  return response.statusCode;
}

/** Polls `read` until it returns a non-empty list (the start-up round runs on its own). */
async function waitFor<T>(read: () => Promise<T[]>): Promise<T[]> {
  for (let i = 0; i < 200; i++) {
    const found = await read();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nothing arrived within 10 s');
}
