import { weekWindow, type CalendarWeek } from '#shared/domain/calendar';
import { POINT, toPoints } from '#shared/domain/scoring';

/**
 * Intl's formatters are slow to create (on a phone, milliseconds each: the ticker's and the
 * standings' rows made the home screen's first render a long task) and safe to share: one per
 * language, zone and style, for every screen. `key` names all that `create` depends on.
 * @example formatter(`list ${language}`, () => new Intl.ListFormat(language))
 */
const formatters = new Map<string, unknown>();

export function formatter<T>(key: string, create: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (found === undefined) formatters.set(key, (found = create()));
  return found;
}

/** A country's name in the interface language (from its ISO code), else the stored name. */
export function countryName(flag: string, fallback: string, language: string): string {
  try {
    const names = formatter(
      `region ${language}`,
      () => new Intl.DisplayNames([language], { type: 'region' }),
    );
    return names.of(flag.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A language's name (from its code) in the interface language, else `fallback`. */
export function languageName(code: string, fallback: string, language: string): string {
  try {
    const names = formatter(
      `language ${language}`,
      () => new Intl.DisplayNames([language], { type: 'language' }),
    );
    return names.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Words joined as a list in the interface language: 'Thai and Vietnamese'. */
export function formatList(words: readonly string[], language: string): string {
  const list = formatter(
    `list ${language}`,
    () => new Intl.ListFormat(language, { type: 'conjunction' }),
  );
  return list.format(words);
}

/**
 * Points from hundredths in the interface language, the one format of every screen:
 * whole points without decimals, any other score with its two decimals, never rounded.
 * @example formatPoints(976, 'en') // '9.76'
 * @example formatPoints(480, 'en') // '4.80'
 * @example formatPoints(1000, 'en') // '10'
 */
export function formatPoints(hundredths: number, language: string): string {
  const decimals = Number.isInteger(hundredths / POINT) ? 0 : 2;
  const points = formatter(
    `points ${language} ${decimals}`,
    () =>
      new Intl.NumberFormat(language, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );
  return points.format(toPoints(hundredths));
}

/** A date (and time) in the player's time zone and language. */
export function formatDate(
  iso: string,
  language: string,
  timeZone: string,
  withTime = false,
): string {
  const date = formatter(
    `date ${language} ${timeZone} ${withTime}`,
    () =>
      new Intl.DateTimeFormat(language, {
        timeZone,
        dateStyle: 'full',
        ...(withTime ? { timeStyle: 'short' } : {}),
      }),
  );
  return date.format(new Date(iso));
}

export function formatShortDate(iso: string, language: string, timeZone: string): string {
  const date = formatter(
    `short date ${language} ${timeZone}`,
    () => new Intl.DateTimeFormat(language, { timeZone, day: 'numeric', month: 'short' }),
  );
  return date.format(new Date(iso));
}

/**
 * The values of a translated string about points: the formatted figure under `name`, and the
 * `count` that picks the language's plural form (1 point, 2 points, 2 punkty…).
 * @example t('standings.points', pointsCount(976, 'en')) // '9.76 points'
 */
export function pointsCount(hundredths: number, language: string, name = 'points') {
  return { [name]: formatPoints(hundredths, language), count: toPoints(hundredths) };
}

/**
 * The day a week opens, as its team sees it: the week opens at 00:00 of `opensOn` in the
 * team's time zone, and that instant is shown in the same zone, so the date is the same for a
 * team in New York, London or Bangkok (an instant computed for Berlin but shown in
 * New York fell on the day before).
 * @example formatWeekStart({ opensOn: '2025-11-23', closesOn: '2025-11-27' }, 'en-GB', 'America/Los_Angeles') // '23 Nov'
 */
export function formatWeekStart(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  language: string,
  timeZone: string,
): string {
  return formatShortDate(weekWindow(week, timeZone).opensAt.toISOString(), language, timeZone);
}
