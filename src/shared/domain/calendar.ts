import { addDays, startOfLocalDay } from './time-zone';

/**
 * The season calendar (ADR 0005). A week is open from 00:00 on `opensOn`
 * to 23:59:59.999 on `closesOn`, in the player's team time zone.
 */

export const WEEK_COUNT = 6;
export const EVENT_KEYS = ['canoe', 'cyclocross', 'marathon'] as const;
export type EventKey = (typeof EVENT_KEYS)[number];

export interface CalendarWeek {
  /** 1–6 across the season (the spec's set_num). */
  setNum: number;
  /** 1–3: canoe, cyclocross, marathon. */
  eventId: number;
  /** 1 or 2 within the event. */
  eventWeek: number;
  /** Local dates, YYYY-MM-DD. */
  opensOn: string;
  closesOn: string;
}

export type WeekStatus = 'upcoming' | 'open' | 'closed';

export interface WeekWindow {
  opensAt: Date;
  /** The last millisecond of `closesOn`. */
  closesAt: Date;
}

/** @example weekWindow({ opensOn: '2025-02-04', closesOn: '2025-02-07', … }, 'Asia/Bangkok').opensAt // 2025-02-03T17:00Z */
export function weekWindow(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  timeZone: string,
): WeekWindow {
  // Nearly every request asks for the same few weeks in the same few zones.
  const key = `${week.opensOn} ${week.closesOn} ${timeZone}`;
  let window = windows.get(key);
  if (!window) {
    window = [
      startOfLocalDay(week.opensOn, timeZone).getTime(),
      startOfLocalDay(addDays(week.closesOn, 1), timeZone).getTime() - 1,
    ];
    windows.set(key, window);
  }
  return { opensAt: new Date(window[0]), closesAt: new Date(window[1]) };
}

const windows = new Map<string, readonly [opensAt: number, closesAt: number]>();

export function weekStatus(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  timeZone: string,
  now: Date,
): WeekStatus {
  const { opensAt, closesAt } = weekWindow(week, timeZone);
  if (now < opensAt) return 'upcoming';
  if (now > closesAt) return 'closed';
  return 'open';
}

/**
 * The next instant after `now` at which some week's status changes in `timeZone` (a week opens,
 * or the millisecond after it closes); null when every week has closed. Whatever was derived
 * from the statuses at `now` holds until then.
 * @example nextStatusChange(weeks2025, 'Europe/Madrid', new Date('2025-02-05T12:00Z')) // 2025-02-07T23:00:00.000Z (week 1 closed)
 */
export function nextStatusChange(
  weeks: readonly Pick<CalendarWeek, 'opensOn' | 'closesOn'>[],
  timeZone: string,
  now: Date,
): Date | null {
  let next = Infinity;
  for (const week of weeks) {
    const { opensAt, closesAt } = weekWindow(week, timeZone);
    for (const change of [opensAt.getTime(), closesAt.getTime() + 1]) {
      if (change > now.getTime() && change < next) next = change;
    }
  }
  return next === Infinity ? null : new Date(next);
}

/** Launch (the spec's eventStartsAt) is week 1's opening. */
export function launchAt(weeks: readonly CalendarWeek[], timeZone: string): Date | null {
  const first = [...weeks].sort((a, b) => a.setNum - b.setNum)[0];
  return first ? weekWindow(first, timeZone).opensAt : null;
}

/**
 * A week's active flag, and the player's team, can be changed until the end of the day before
 * the week opens (ADR 0006).
 */
export function canChangeWeek(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  timeZone: string,
  now: Date,
): boolean {
  return now < weekWindow(week, timeZone).opensAt;
}

export type SeasonPhase = 'before-launch' | 'week-open' | 'between-weeks' | 'ended';

/**
 * Where the season stands for a time zone: its phase and the current week — the open one, else
 * the next to open, else (after the end) the last one.
 * @example seasonPosition(weeks2025, 'Europe/Madrid', new Date('2025-02-08T12:00Z')) // { phase: 'between-weeks', week: week 2 }
 */
export function seasonPosition<W extends CalendarWeek>(
  weeks: readonly W[],
  timeZone: string,
  now: Date,
): { phase: SeasonPhase; week: W | null } {
  const ordered = [...weeks].sort((a, b) => a.setNum - b.setNum);
  if (ordered.length === 0) return { phase: 'ended', week: null };
  for (const [index, week] of ordered.entries()) {
    const status = weekStatus(week, timeZone, now);
    if (status === 'open') return { phase: 'week-open', week };
    if (status === 'upcoming')
      return { phase: index === 0 ? 'before-launch' : 'between-weeks', week };
  }
  return { phase: 'ended', week: ordered.at(-1)! };
}

/** A team changes only while no week is open; it then counts from the next week (ADR 0006). */
export const teamChangeable = (phase: SeasonPhase) =>
  phase === 'before-launch' || phase === 'between-weeks';

/**
 * When a player may next move between teams in `timeZones` (the old team's and the new one's):
 * the first instant from `now` at which no week is open in any of them and the season has not
 * ended in any (`now` itself when the move may go through now), with the week whose close
 * allows it; null when no such instant is left this season. Only a week's close can allow it.
 * @example nextTeamChange(weeks2025, ['Asia/Tokyo', 'Pacific/Honolulu'], new Date('2025-02-07T17:00Z')) // { at: 2025-02-08T10:00Z, week: week 1 } (closed in Honolulu)
 */
export function nextTeamChange<W extends CalendarWeek>(
  weeks: readonly W[],
  timeZones: readonly string[],
  now: Date,
): { at: Date; week: W | null } | null {
  const candidates = [
    { at: now, week: null },
    ...timeZones.flatMap((zone) =>
      weeks.map((week) => ({ at: new Date(weekWindow(week, zone).closesAt.getTime() + 1), week })),
    ),
  ]
    .filter((candidate) => candidate.at >= now)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    candidates.find(({ at }) =>
      timeZones.every((zone) => teamChangeable(seasonPosition(weeks, zone, at).phase)),
    ) ?? null
  );
}

/**
 * The spec's set_num: the week number plus 0, 2 or 4 for event 1, 2 or 3.
 * @example setNumber(2, 1) // 3
 */
export function setNumber(eventId: number, eventWeek: number): number {
  return (eventId - 1) * 2 + eventWeek;
}

/** The zone where every day ends last (UTC−12): a week is closed everywhere once closed there. */
const LAST_ZONE = 'Etc/GMT+12';

/** Whether a week has closed in every time zone, so its correct answers may be shown. */
export function closedEverywhere(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  now: Date,
): boolean {
  return weekStatus(week, LAST_ZONE, now) === 'closed';
}
