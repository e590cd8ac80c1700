/**
 * The clock of the servers that run the demo season for browser tests: 10:00 UTC on this week's
 * Wednesday (weeks from Monday, in UTC), so that week 1, shifted to that day's week (Mon–Sun in
 * Berlin), is open in every team's zone (UTC−10 to UTC+9) and a run of a few minutes stays hours
 * from any close. On the wall clock a run would depend on the hour it starts at: from Sunday
 * 15:00 UTC week 1 closes in Asia first, and a player moved from Vietnam to the Philippines
 * meets a week closed in one zone and open in the other. The browser keeps the real time (the
 * app counts down from the server's clock).
 */
export function midweekClockStart(now: Date): string {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday + 2, 10),
  ).toISOString();
}
