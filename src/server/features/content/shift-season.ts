import { addDays, localDate } from '#shared/domain/time-zone';
import type { SeasonFile } from './content-schema';

const DAY_MS = 86_400_000;

/**
 * A demo season moved by whole weeks so that `now` falls in week 1 (or, if `now` is in a gap
 * between that week's days, week 1 opens next). Weekdays stay as in the file.
 * @example a season whose week 1 is Mon 3–Sun 9 Feb 2025, on Wed 26 Nov 2026 → Mon 24–Sun 30 Nov 2026
 */
export function shiftToCurrentWeek(season: SeasonFile, now: Date): SeasonFile {
  const first = season.weeks[0]!;
  const today = localDate(now, season.timeZone);
  const daysSince = Math.round((Date.parse(today) - Date.parse(first.opensOn)) / DAY_MS);
  let weeksShift = Math.floor(daysSince / 7);
  if (addDays(first.closesOn, weeksShift * 7) < today) weeksShift += 1;
  const days = weeksShift * 7;
  return {
    ...season,
    registrationClosesAt: new Date(
      Date.parse(season.registrationClosesAt) + days * DAY_MS,
    ).toISOString(),
    weeks: season.weeks.map((week) => ({
      ...week,
      opensOn: addDays(week.opensOn, days),
      closesOn: addDays(week.closesOn, days),
    })),
  };
}
