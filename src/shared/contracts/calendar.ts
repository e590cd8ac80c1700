import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { calendarIssues } from '../domain/calendar-rules';
import { isTimeZone } from '../domain/time-zone';

/** Zod pieces of a season calendar, shared by the content files and the organiser API. */

export const isoDateSchema = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

export const timeZoneSchema = z
  .string()
  .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Madrid' });

export const calendarWeekInputSchema = z.object({
  setNum: z.number().int().min(1).max(WEEK_COUNT),
  eventId: z.number().int().min(1).max(3),
  eventWeek: z.number().int().min(1).max(2),
  opensOn: isoDateSchema,
  closesOn: isoDateSchema,
});

/** Adds the calendar rules (calendarIssues) to a zod object holding `weeks` (and `events`). */
export function refineCalendar(
  season: Parameters<typeof calendarIssues>[0],
  ctx: z.RefinementCtx,
): void {
  for (const issue of calendarIssues(season)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}
