import { toPoints } from '../../shared/domain/scoring';

/** A country's name in the interface language (from its ISO code), else the stored name. */
export function countryName(flag: string, fallback: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(flag.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Points from hundredths, with up to two decimals in the interface language: 4.8, 12. */
export function formatPoints(hundredths: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(toPoints(hundredths));
}

/** A date (and time) in the player's time zone and language. */
export function formatDate(
  iso: string,
  language: string,
  timeZone: string,
  withTime = false,
): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    dateStyle: 'full',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

export function formatShortDate(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, day: 'numeric', month: 'short' }).format(
    new Date(iso),
  );
}
