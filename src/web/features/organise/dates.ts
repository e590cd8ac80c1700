import { formatter } from '../../lib/format';

/** Dates and times on the organiser screens, in the organiser's language. */

/** How a local calendar date reads, with or without its year: 'Tue, 4 Feb 2025', 'Tue 4 Feb'. */
export function localDateFormat(language: string, withYear = true): Intl.DateTimeFormat {
  return formatter(
    `local date ${language} ${withYear}`,
    () =>
      new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(withYear ? { year: 'numeric' } : {}),
      }),
  );
}

/** A local calendar date (YYYY-MM-DD) as it reads: 'Tue, 4 Feb 2025'. */
export function formatLocalDate(isoDate: string, language: string): string {
  return localDateFormat(language).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * An instant in `timeZone`, with the zone's abbreviation: 'Tue, 4 Feb 2025, 00:00 CET', or
 * without the year: 'Tue 4 Feb, 00:00 CET'.
 */
export function formatInstant(
  iso: string,
  language: string,
  timeZone: string,
  withYear = true,
): string {
  const format = formatter(
    `instant ${language} ${timeZone} ${withYear}`,
    () =>
      new Intl.DateTimeFormat(language, {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(withYear ? { year: 'numeric' } : {}),
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  );
  return format.format(new Date(iso));
}
