import { weekWindow } from '#shared/domain/calendar';
import { resolveLanguage } from '#shared/domain/language';
import { dueReminder, type ReminderTimes } from '#shared/domain/reminders';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { findCurrentSeason, type CurrentSeason } from '../season/repository';
import type { Mailer } from './mailer';
import { reminderMessage } from './messages';
import * as repo from './repository';

export interface ReminderDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  times: ReminderTimes;
  from: string;
  productName: string;
  publicOrigin: string;
}

/**
 * What one instance has planned: for each team's due reminder, when its latest plan began. Once
 * a reminder's hour has come, a team's members and their holidays are fixed (both change only
 * before a week opens), so a later plan of the same reminder need only look at the players whose
 * row changed since (reminders turned on, an e-mail address or an organiser's move, each of which
 * stamps `updated_at`). At 100,000 players a round's plans take about 0.2 s instead of 1.4 s
 * (docs/performance.md). Only work is saved: a fresh instance plans in full once, and the
 * unique key still decides what is sent (ADR 0020).
 */
export type RemindersPlanned = Map<string, Date>;

/** A change committed just after a plan read the table, or stamped by another instance's clock. */
const CHANGES_OVERLAP_MS = 5 * 60_000;

/** A claim lasts this long: far beyond the SMTP timeouts (mailer.ts), so a live send ends first. */
export const LEASE_MS = 10 * 60_000;
const BATCH = 50;
const MAX_TRIES = 5;

/**
 * One round of the scheduler, safe on any number of instances at once (ADR 0020): writes the
 * reminders that have come due, then claims and delivers them batch by batch. `planned` is this
 * instance's record of its earlier rounds' plans (none: plan in full).
 * Returns how many were sent.
 */
export async function runReminderRound(
  deps: ReminderDeps,
  planned: RemindersPlanned = new Map(),
): Promise<number> {
  // Read once per round, not once per reminder: a round may deliver thousands.
  const current = await findCurrentSeason(deps.db);
  if (current) await planDueReminders(deps, current, planned);
  let sent = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await repo.claimReminders(
      deps.db,
      now,
      new Date(now.getTime() + LEASE_MS),
      BATCH,
    );
    for (const reminder of claimed) if (await deliver(deps, current, reminder)) sent++;
    if (claimed.length < BATCH) return sent;
  }
}

/**
 * For each team with players and each week of the current season, writes the reminder due now
 * (`npm run bench` measures it at 100,000 players).
 */
export async function planDueReminders(
  deps: Pick<ReminderDeps, 'db' | 'clock' | 'times'>,
  current: CurrentSeason,
  planned: RemindersPlanned,
): Promise<void> {
  const now = deps.clock.now();
  for (const team of await repo.teamsWithPlayers(deps.db)) {
    for (const week of current.weeks) {
      const due = dueReminder(week, team.timeZone, now, deps.times);
      if (!due) continue;
      const plan = {
        seasonId: current.season.id,
        setNum: week.setNum,
        kind: due.kind,
        teamId: team.id,
        timeZone: team.timeZone,
        dueAt: due.dueAt,
      };
      const key = JSON.stringify(plan);
      const previous = planned.get(key);
      await repo.planReminders(deps.db, {
        ...plan,
        ...(previous ? { changedSince: new Date(previous.getTime() - CHANGES_OVERLAP_MS) } : {}),
      });
      planned.set(key, now);
    }
  }
}

/** Sends one claimed reminder, or skips it when the player or the week no longer qualifies. */
async function deliver(
  deps: ReminderDeps,
  current: CurrentSeason | null,
  reminder: repo.ReminderRow,
): Promise<boolean> {
  const week = current?.weeks.find(
    (w) => w.seasonId === reminder.seasonId && w.setNum === reminder.setNum,
  );
  const now = deps.clock.now();
  const closesAt = week ? weekWindow(week, reminder.timeZone).closesAt : null;
  if (!closesAt || now > closesAt) {
    await repo.finishReminder(deps.db, reminder.id, { status: 'skipped', note: 'week-closed' });
    return false;
  }
  const player = await repo.recipientOf(deps.db, reminder);
  if (!player?.qualifies || !player.email || player.teamId !== reminder.teamId) {
    const note = !player?.qualifies ? 'not-qualified' : 'changed-team';
    await repo.finishReminder(deps.db, reminder.id, { status: 'skipped', note });
    return false;
  }
  if (reminder.tries > MAX_TRIES) {
    await repo.finishReminder(deps.db, reminder.id, {
      status: 'failed',
      note: reminder.note ?? 'too-many-tries',
    });
    return false;
  }
  // Composed once and kept: a retry after a crash sends the same text under the same id.
  const message =
    reminder.subject && reminder.body && reminder.recipient && reminder.language
      ? {
          subject: reminder.subject,
          body: reminder.body,
          recipient: reminder.recipient,
          language: reminder.language,
        }
      : await compose(deps, reminder, player, closesAt);
  try {
    await deps.mailer.send({
      from: deps.from,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      messageId: `<reminder-${reminder.id}@${new URL(deps.publicOrigin).hostname}>`,
      date: now,
      language: message.language,
    });
  } catch (error) {
    const retryAt = new Date(now.getTime() + reminder.tries * 5 * 60_000);
    await repo.retryReminderLater(deps.db, reminder.id, retryAt, String(error).slice(0, 500));
    return false;
  }
  await repo.finishReminder(deps.db, reminder.id, {
    status: 'sent',
    transport: deps.mailer.transport,
    at: now,
  });
  return true;
}

async function compose(
  deps: ReminderDeps,
  reminder: repo.ReminderRow,
  player: NonNullable<Awaited<ReturnType<typeof repo.recipientOf>>>,
  closesAt: Date,
) {
  // The player's language as everywhere else, with no browser to ask: profile, then the IdP's.
  const language = resolveLanguage({
    profile: player.language,
    idpLocale: player.locale,
    browser: [],
  });
  const { subject, body } = reminderMessage({
    language,
    kind: reminder.kind,
    productName: deps.productName,
    week: reminder.setNum,
    name: player.givenName ?? player.name ?? player.email!,
    closesAt,
    timeZone: reminder.timeZone,
    publicOrigin: deps.publicOrigin,
  });
  const message = { recipient: player.email!, language, subject, body };
  await repo.saveComposed(deps.db, reminder.id, message);
  return message;
}
