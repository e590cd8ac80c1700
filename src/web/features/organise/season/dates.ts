/** Dates and times on the organiser screens, in the organiser's language. */

/** A local calendar date (YYYY-MM-DD) as it reads: 'Tue 4 Feb 2025'. */
export function formatLocalDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant in `timeZone`, with the zone's abbreviation: 'Tue 4 Feb 2025, 00:00 CET'. */
export function formatInstant(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
