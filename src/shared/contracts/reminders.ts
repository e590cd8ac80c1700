import { z } from 'zod';
import { LANGUAGES } from '../domain/language';
import { REMINDER_KINDS } from '../domain/reminders';

/** PUT /api/me/reminders: the account page's switch (ADR 0020). Idempotent: a value, not a toggle. */
export const reminderSettingSchema = z.strictObject({ enabled: z.boolean() });
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;

export const REMINDER_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** One reminder in the organiser's outbox (GET /api/organise/outbox), newest due first. */
export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(REMINDER_KINDS),
  /** The week's number in the season, 1–6. */
  week: z.number(),
  status: z.enum(REMINDER_STATUSES),
  /** 'outbox': kept here (no SMTP configured); 'smtp': accepted by the mail server; null: not yet. */
  transport: z.enum(['smtp', 'outbox']).nullable(),
  /** When it came due and when it went (ISO, UTC); shown in `timeZone`, the team's. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  timeZone: z.string(),
  player: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  team: z.object({ name: z.string(), flag: z.string() }),
  /** Known once composed. */
  language: z.enum(LANGUAGES).nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  /** Why it was skipped, or the last sending error. */
  note: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxSchema = z.object({
  /** 'smtp' when SMTP_URL is set (the list is then a log), else 'outbox'. */
  transport: z.enum(['smtp', 'outbox']),
  /** The reminder hour and notice before the close, as configured. */
  localHour: z.number(),
  hoursBeforeClose: z.number(),
  entries: z.array(outboxEntrySchema),
});
export type Outbox = z.infer<typeof outboxSchema>;
