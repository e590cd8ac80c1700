interface WeekState {
  setNum: number;
  status: 'upcoming' | 'open' | 'closed';
}

/**
 * The week the dashboard shows first: the open one (the earliest, should two overlap across
 * zones), else the last one closed, else the first week.
 * @example defaultWeek([{ setNum: 1, status: 'closed' }, { setNum: 2, status: 'upcoming' }]) // 1
 */
export function defaultWeek(weeks: readonly WeekState[]): number {
  const open = weeks.find((week) => week.status === 'open');
  if (open) return open.setNum;
  const closed = weeks.filter((week) => week.status === 'closed').at(-1);
  return closed?.setNum ?? weeks[0]?.setNum ?? 1;
}

/** The week in the address (?week=N) when the season has it, else the default one. */
export function chosenWeek(param: string | null, weeks: readonly WeekState[]): number {
  const wanted = Number(param);
  return weeks.some((week) => week.setNum === wanted) ? wanted : defaultWeek(weeks);
}

const DAY_MS = 86_400_000;

/**
 * Whole days until a moment, rounded up, never below zero (0 once it has passed).
 * @example daysUntil('2025-02-10T00:00:00Z', new Date('2025-02-07T12:00:00Z')) // 3
 */
export function daysUntil(iso: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / DAY_MS));
}
