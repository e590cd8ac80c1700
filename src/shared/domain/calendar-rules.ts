import { setNumber, weekWindow, type CalendarWeek, type WeekStatus } from './calendar';

/**
 * The shape of a season calendar (ADR 0005): events numbered 1–3, weeks
 * numbered 1–6 in order, two consecutive weeks per event, each week closing after it opens and
 * opening after the previous one closed. Shared by the content files and the organiser tools.
 */

export interface CalendarIssue {
  /** Where the problem is, relative to the season ('weeks', 2, 'opensOn'). */
  path: (string | number)[];
  message: string;
}

/**
 * Every rule the calendar breaks; empty when it is well formed.
 * @example calendarIssues({ weeks: [{ setNum: 1, eventId: 1, eventWeek: 1, opensOn: '2025-02-07', closesOn: '2025-02-04' }] })
 *   // [{ path: ['weeks', 0, 'closesOn'], message: 'closes before it opens' }]
 */
export function calendarIssues(season: {
  events?: readonly { id: number }[];
  weeks: readonly CalendarWeek[];
}): CalendarIssue[] {
  const issues: CalendarIssue[] = [];
  (season.events ?? []).forEach((event, index) => {
    if (event.id !== index + 1)
      issues.push({
        path: ['events', index, 'id'],
        message: 'events are numbered 1, 2, 3 in order',
      });
  });
  season.weeks.forEach((week, index) => {
    const path = ['weeks', index];
    if (week.setNum !== index + 1)
      issues.push({ path: [...path, 'setNum'], message: 'weeks are numbered 1 to 6 in order' });
    if (setNumber(week.eventId, week.eventWeek) !== week.setNum) {
      issues.push({
        path: [...path, 'eventId'],
        message: 'each event has two consecutive weeks (1–2, 3–4, 5–6)',
      });
    }
    if (week.closesOn < week.opensOn)
      issues.push({ path: [...path, 'closesOn'], message: 'closes before it opens' });
    const previous = season.weeks[index - 1];
    if (previous && week.opensOn <= previous.closesOn) {
      issues.push({
        path: [...path, 'opensOn'],
        message: `overlaps week ${previous.setNum} or comes before it`,
      });
    }
  });
  return issues;
}

/**
 * A week across several time zones (the teams' and the season's): it has begun once it opened
 * in the earliest zone, and ends when it closed in the latest. Organisers change a week's dates,
 * or its questions' review, only while it has begun nowhere.
 * @example weekSpan({ opensOn: '2025-02-04', closesOn: '2025-02-07' }, ['Europe/Madrid', 'Asia/Bangkok']).startsAt // 2025-02-03T17:00Z
 */
export function weekSpan(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  zones: readonly string[],
): { startsAt: Date; endsAt: Date; status(now: Date): WeekStatus } {
  const windows = (zones.length > 0 ? zones : ['UTC']).map((zone) => weekWindow(week, zone));
  const startsAt = new Date(Math.min(...windows.map((window) => window.opensAt.getTime())));
  const endsAt = new Date(Math.max(...windows.map((window) => window.closesAt.getTime())));
  return {
    startsAt,
    endsAt,
    status: (now) => (now < startsAt ? 'upcoming' : now > endsAt ? 'closed' : 'open'),
  };
}
