import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { players, reminders, teams } from '../../db/schema';
import type { ReminderKind } from '#shared/domain/reminders';

export type ReminderRow = typeof reminders.$inferSelect;

/** The player still qualifies for week `setNum`: registered, reminders on, active, not finished. */
const qualifies = (setNum: number, seasonId: string) => sql`
  p.registered_at is not null
  and p.deactivated_at is null
  and p.erased_at is null
  and p.reminders_enabled
  and p.email is not null
  and coalesce((
    select case ${setNum}::int when 1 then aw.week_1 when 2 then aw.week_2 when 3 then aw.week_3
      when 4 then aw.week_4 when 5 then aw.week_5 when 6 then aw.week_6 end
    from active_weeks aw where aw.player_id = p.id and aw.season_id = ${seasonId}
  ), true)
  and not exists (
    select 1 from attempts a
    where a.player_id = p.id and a.season_id = ${seasonId} and a.set_num = ${setNum}
      and a.finished_at is not null
  )`;

/** Teams with at least one registered player, and their zones. */
export async function teamsWithPlayers(db: Database) {
  return db
    .select({ id: teams.id, timeZone: teams.timeZone })
    .from(teams)
    .where(
      sql`exists (select 1 from players p where p.team_id = ${teams.id} and p.registered_at is not null)`,
    );
}

/**
 * Writes the due reminder of one team's week for each member who qualifies and has none yet.
 * The unique key makes this idempotent: any instance may run it any number of times. Players
 * who registered after the reminder's hour are left out (they saw the open week themselves).
 * With `changedSince`, only the members whose row changed since then are looked at (a later
 * round's plan of the same reminder, service.ts).
 */
export async function planReminders(
  db: Database,
  plan: {
    seasonId: string;
    setNum: number;
    kind: ReminderKind;
    teamId: number;
    timeZone: string;
    dueAt: Date;
    changedSince?: Date;
  },
): Promise<number> {
  const changed = plan.changedSince
    ? sql`and p.updated_at >= ${plan.changedSince.toISOString()}::timestamptz`
    : sql``;
  const result = await db.execute(sql`
    insert into reminders (player_id, season_id, set_num, kind, team_id, time_zone, due_at)
    select p.id, ${plan.seasonId}, ${plan.setNum}, ${plan.kind}, ${plan.teamId}, ${plan.timeZone},
      ${plan.dueAt.toISOString()}::timestamptz
    from players p
    where p.team_id = ${plan.teamId}
      and p.registered_at <= ${plan.dueAt.toISOString()}::timestamptz
      and ${qualifies(plan.setNum, plan.seasonId)}
      ${changed}
    on conflict (player_id, season_id, set_num, kind) do nothing
    returning id`);
  // PGlite and node-postgres both answer raw queries with { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Claims up to `limit` due reminders for this instance until `leaseUntil`: pending ones, and
 * ones whose claimant's lease ran out (it crashed or hung mid-send). SKIP LOCKED lets instances
 * claim side by side without waiting for each other or taking the same row.
 */
export async function claimReminders(
  db: Database,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ReminderRow[]> {
  const result = await db.execute(sql`
    update reminders set status = 'sending', lease_until = ${leaseUntil.toISOString()}::timestamptz,
      tries = tries + 1
    where id in (
      select id from reminders
      where status in ('pending', 'sending') and due_at <= ${now.toISOString()}::timestamptz
        and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
      order by due_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reminders)
    .where(
      sql`${reminders.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(reminders.dueAt);
}

/** Whether the reminder's player still qualifies at sending time, with what the mail needs. */
export async function recipientOf(db: Database, reminder: ReminderRow) {
  const result = await db.execute(sql`
    select p.email, p.name, p.given_name as "givenName", p.language, p.locale,
      p.team_id as "teamId", ${qualifies(reminder.setNum, reminder.seasonId)} as qualifies
    from players p where p.id = ${reminder.playerId}`);
  const row = (result as unknown as { rows: RecipientRow[] }).rows[0];
  return row ?? null;
}

interface RecipientRow {
  email: string | null;
  name: string | null;
  givenName: string | null;
  language: string | null;
  locale: string | null;
  teamId: number | null;
  qualifies: boolean;
}

/** Keeps the composed message, so that a retry after a crash sends the very same one. */
export async function saveComposed(
  db: Database,
  id: string,
  message: { recipient: string; language: string; subject: string; body: string },
): Promise<void> {
  await db.update(reminders).set(message).where(eq(reminders.id, id));
}

/** Ends a claim: sent, skipped or failed. Only the claim's holder (status 'sending') ends it. */
export async function finishReminder(
  db: Database,
  id: string,
  outcome:
    | { status: 'sent'; transport: 'smtp' | 'outbox'; at: Date }
    | { status: 'skipped' | 'failed'; note: string },
): Promise<void> {
  await db
    .update(reminders)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', transport: outcome.transport, sentAt: outcome.at, leaseUntil: null }
        : { status: outcome.status, note: outcome.note, leaseUntil: null },
    )
    .where(and(eq(reminders.id, id), eq(reminders.status, 'sending')));
}

/** A failed attempt to send: pending again, not before `retryAt`. */
export async function retryReminderLater(
  db: Database,
  id: string,
  retryAt: Date,
  note: string,
): Promise<void> {
  await db
    .update(reminders)
    .set({ status: 'pending', leaseUntil: retryAt, note })
    .where(and(eq(reminders.id, id), eq(reminders.status, 'sending')));
}

/** The organiser's outbox: the latest reminders with their player and team, newest first. */
export async function outboxRows(db: Database, limit: number) {
  return db
    .select({
      id: reminders.id,
      kind: reminders.kind,
      setNum: reminders.setNum,
      status: reminders.status,
      transport: reminders.transport,
      dueAt: reminders.dueAt,
      sentAt: reminders.sentAt,
      timeZone: reminders.timeZone,
      recipient: reminders.recipient,
      language: reminders.language,
      subject: reminders.subject,
      body: reminders.body,
      note: reminders.note,
      playerName: players.name,
      playerEmail: players.email,
      teamName: teams.name,
      teamFlag: teams.flag,
    })
    .from(reminders)
    .innerJoin(players, eq(players.id, reminders.playerId))
    .innerJoin(teams, eq(teams.id, reminders.teamId))
    .orderBy(desc(reminders.dueAt), players.name)
    .limit(limit);
}

/** Turns the player's reminders on or off; true when the row changed. */
export async function setRemindersEnabled(
  db: Database,
  playerId: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(players)
    .set({ remindersEnabled: enabled, updatedAt: now })
    .where(and(eq(players.id, playerId), sql`${players.remindersEnabled} <> ${enabled}`))
    .returning({ id: players.id });
  return updated.length === 1;
}
