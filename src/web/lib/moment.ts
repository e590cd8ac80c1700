import { formatter } from './format';

/**
 * An instant with its day, time and zone, for a moment that matters to the minute in a zone
 * the reader may not share: when a refused move can go through, when a player's team can change
 * again. Not in format.ts, so that the routes that show none (login, home) do not load it
 * (its bytes count in every first load that shows one).
 * @example formatMoment('2026-11-29T17:00:00Z', 'en-GB', 'Asia/Manila') // 'Monday 30 November at 01:00 GMT+8'
 */
export function formatMoment(iso: string, language: string, timeZone: string): string {
  const moment = formatter(
    `moment ${language} ${timeZone}`,
    () =>
      new Intl.DateTimeFormat(language, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  );
  return moment.format(new Date(iso));
}
