/**
 * Time-zone arithmetic with the platform's Intl only (no library): the UTC offset of a zone at
 * an instant, and the instant at which a local date starts in a zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the platform knows this IANA zone name. */
export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time in `timeZone` at `instant`. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Milliseconds to add to UTC to get the wall clock of `timeZone` at `instant`.
 * @example offsetMs(new Date('2025-02-04T00:00:00Z'), 'Asia/Bangkok') // 25_200_000 (UTC+7)
 */
export function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant of local date `isoDate` (YYYY-MM-DD) in `timeZone`. Where a DST change
 * skips midnight, the day starts at the first wall-clock time that exists.
 * @example startOfLocalDay('2025-02-04', 'Europe/Madrid') // 2025-02-03T23:00:00.000Z
 */
export function startOfLocalDay(isoDate: string, timeZone: string): Date {
  const key = `${isoDate} ${timeZone}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return new Date(cached);
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(year, month - 1, day);
  // Usually two passes settle the offset, even on the day of a DST change.
  let start = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  start = wallMidnight - offsetMs(new Date(start), timeZone);
  if (!startsDay(start, isoDate, timeZone)) {
    // Midnight does not exist that day: search the first instant of the date (minute steps).
    let low = wallMidnight - 15 * 3_600_000;
    let high = wallMidnight + 15 * 3_600_000;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (localDate(new Date(middle), timeZone) < isoDate) low = middle;
      else high = middle;
    }
    start = high;
  }
  dayStarts.set(key, start);
  return new Date(start);
}

const dayStarts = new Map<string, number>();

const startsDay = (instant: number, isoDate: string, timeZone: string) =>
  localDate(new Date(instant), timeZone) === isoDate &&
  localDate(new Date(instant - 1), timeZone) < isoDate;

/** The local date (YYYY-MM-DD) in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** `isoDate` plus `days` calendar days (YYYY-MM-DD, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
