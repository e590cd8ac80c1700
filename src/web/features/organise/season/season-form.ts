import type { OrganiserSeason, SeasonInput } from '#shared/contracts/organise';
import { calendarIssues } from '#shared/domain/calendar-rules';
import { isTimeZone, offsetMs, zonedParts } from '#shared/domain/time-zone';

/**
 * The season screen's form and the PUT body, both ways, and the checks the server makes
 * (seasonInputSchema), so that the organiser sees problems before sending. The calendar rules
 * themselves come from shared/domain/calendar-rules, the same function the server runs.
 */

export interface WeekForm {
  setNum: number;
  eventId: number;
  eventWeek: number;
  opensOn: string;
  closesOn: string;
  /** Begun somewhere: the dates are shown, not edited. */
  locked: boolean;
}

export interface SeasonForm {
  name: string;
  productName: string;
  timeZone: string;
  /** `YYYY-MM-DDTHH:mm` (an <input type="datetime-local">) in `closesZone`. */
  registrationCloses: string;
  /** The saved default time zone: the one the registration close is entered in. */
  closesZone: string;
  weeks: WeekForm[];
}

export type FieldProblem =
  | 'required'
  | 'tooLong'
  | 'timeZone'
  | 'dateTime'
  | 'date'
  | 'order'
  | 'event'
  | 'closesBeforeOpens'
  | 'overlap';

export interface FormIssue {
  /** The form field: 'name', 'registrationCloses', 'weeks.2.opensOn' (index from 0)… */
  field: string;
  problem: FieldProblem;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The wall clock of `timeZone` at `iso`, as an <input type="datetime-local"> shows it.
 * @example localDateTimeIn('2025-02-23T23:00:00.000Z', 'Europe/Berlin') // '2025-02-24T00:00'
 */
export function localDateTimeIn(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant at which the wall clock of `timeZone` shows `local`; null when `local` is not a
 * date and time. Two passes settle the offset, as for startOfLocalDay.
 * @example instantOfLocalDateTime('2025-02-24T00:00', 'Europe/Berlin') // 2025-02-23T23:00Z
 */
export function instantOfLocalDateTime(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day) return null;
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

export function formFromSeason(season: OrganiserSeason): SeasonForm {
  return {
    name: season.name,
    productName: season.productName,
    timeZone: season.timeZone,
    registrationCloses: localDateTimeIn(season.registrationClosesAt, season.timeZone),
    closesZone: season.timeZone,
    weeks: season.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn, locked }) => ({
      setNum,
      eventId,
      eventWeek,
      opensOn,
      closesOn,
      locked,
    })),
  };
}

/**
 * The PUT body. An untouched registration close is sent exactly as saved (the form shows
 * minutes only, so a round trip could otherwise drop seconds).
 */
export function inputFromForm(form: SeasonForm, saved: OrganiserSeason): SeasonInput {
  const untouched =
    form.registrationCloses === localDateTimeIn(saved.registrationClosesAt, form.closesZone);
  const closes = untouched
    ? saved.registrationClosesAt
    : instantOfLocalDateTime(form.registrationCloses, form.closesZone)!.toISOString();
  return {
    name: form.name.trim(),
    productName: form.productName.trim(),
    timeZone: form.timeZone.trim(),
    registrationClosesAt: closes,
    weeks: form.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
      setNum,
      eventId,
      eventWeek,
      opensOn,
      closesOn,
    })),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Which rule of calendarIssues a problem breaks, by the field it points at. */
const CALENDAR_PROBLEMS: Record<string, FieldProblem> = {
  setNum: 'order',
  eventId: 'event',
  closesOn: 'closesBeforeOpens',
  opensOn: 'overlap',
};

/**
 * Everything the server would refuse in the form's shape (seasonInputSchema and the calendar
 * rules), field by field; empty when the form can be sent.
 */
export function formIssues(form: SeasonForm): FormIssue[] {
  const issues: FormIssue[] = [];
  const text = (field: 'name' | 'productName', max: number) => {
    const value = form[field].trim();
    if (value === '') issues.push({ field, problem: 'required' });
    else if (value.length > max) issues.push({ field, problem: 'tooLong' });
  };
  text('name', 80);
  text('productName', 60);
  if (!isTimeZone(form.timeZone.trim()) || form.timeZone.trim() === '')
    issues.push({ field: 'timeZone', problem: 'timeZone' });
  if (!instantOfLocalDateTime(form.registrationCloses, form.closesZone))
    issues.push({ field: 'registrationCloses', problem: 'dateTime' });

  const badDates: FormIssue[] = form.weeks.flatMap((week, index) =>
    (['opensOn', 'closesOn'] as const)
      .filter((key) => !isDate(week[key]))
      .map((key) => ({ field: `weeks.${index}.${key}`, problem: 'date' as const })),
  );
  if (badDates.length > 0) return [...issues, ...badDates];
  for (const issue of calendarIssues({ weeks: form.weeks })) {
    const [, index, key] = issue.path;
    issues.push({
      field: `weeks.${String(index)}.${String(key)}`,
      problem: CALENDAR_PROBLEMS[String(key)] ?? 'order',
    });
  }
  return issues;
}
