import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEASON_2025, SEASON_DEMO } from '../../../../tests/factories';
import { weekStatus } from '#shared/domain/calendar';
import { localDate } from '#shared/domain/time-zone';
import { seasonFileSchema, type SeasonFile } from './content-schema';
import { shiftToCurrentWeek } from './shift-season';

const DAY_MS = 86_400_000;
const demo = seasonFileSchema.parse(JSON.parse(readFileSync(SEASON_DEMO, 'utf8')));
const season2025 = seasonFileSchema.parse(JSON.parse(readFileSync(SEASON_2025, 'utf8')));

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Every week moved by the same whole number of weeks; returns that number of days. */
function expectShiftedByWholeWeeks(original: SeasonFile, shifted: SeasonFile): number {
  const days = daysBetween(original.weeks[0]!.opensOn, shifted.weeks[0]!.opensOn);
  expect(Number.isInteger(days / 7)).toBe(true);
  shifted.weeks.forEach((week, index) => {
    const before = original.weeks[index]!;
    expect(daysBetween(before.opensOn, week.opensOn)).toBe(days);
    expect(daysBetween(before.closesOn, week.closesOn)).toBe(days);
    expect(weekday(week.opensOn)).toBe(weekday(before.opensOn));
    expect(weekday(week.closesOn)).toBe(weekday(before.closesOn));
    expect({ ...week, opensOn: '', closesOn: '' }).toEqual({
      ...before,
      opensOn: '',
      closesOn: '',
    });
  });
  return days;
}

describe('shiftToCurrentWeek (the demo season: week 1 runs Monday to Sunday)', () => {
  it.each([
    ['Monday', '2026-11-23T11:00:00Z'],
    ['Wednesday', '2026-11-25T11:00:00Z'],
    ['Sunday', '2026-11-29T11:00:00Z'],
    ['Sunday, last minute in Berlin', '2026-11-29T22:59:00Z'],
  ])('on a %s, week 1 is the week containing today', (_, instant) => {
    const now = new Date(instant);
    const shifted = shiftToCurrentWeek(demo, now);
    expect(shifted.weeks[0]).toMatchObject({ opensOn: '2026-11-23', closesOn: '2026-11-29' });
    expect(weekStatus(shifted.weeks[0]!, demo.timeZone, now)).toBe('open');
    expectShiftedByWholeWeeks(demo, shifted);
  });

  it("counts today in the season's zone: 23:30Z on a Sunday is already Monday in Berlin", () => {
    const now = new Date('2026-11-29T23:30:00Z');
    expect(localDate(now, 'Europe/Berlin')).toBe('2026-11-30');
    const shifted = shiftToCurrentWeek(demo, now);
    expect(shifted.weeks[0]).toMatchObject({ opensOn: '2026-11-30', closesOn: '2026-12-06' });
  });

  it('moves registrationClosesAt by the same number of days as the weeks', () => {
    const shifted = shiftToCurrentWeek(demo, new Date('2026-11-25T11:00:00Z'));
    const days = expectShiftedByWholeWeeks(demo, shifted);
    const moved = Date.parse(shifted.registrationClosesAt) - Date.parse(demo.registrationClosesAt);
    expect(moved).toBe(days * DAY_MS);
  });

  it('keeps week 1 where it is when today already falls in it', () => {
    const shifted = shiftToCurrentWeek(demo, new Date('2025-02-05T12:00:00Z'));
    expect(shifted.weeks).toEqual(demo.weeks);
    expect(Date.parse(shifted.registrationClosesAt)).toBe(Date.parse(demo.registrationClosesAt));
  });

  it('moves the season back when today is before the file’s dates', () => {
    const shifted = shiftToCurrentWeek(demo, new Date('2024-06-05T12:00:00Z'));
    expect(shifted.weeks[0]).toMatchObject({ opensOn: '2024-06-03', closesOn: '2024-06-09' });
    expectShiftedByWholeWeeks(demo, shifted);
  });

  it('changes nothing but the dates', () => {
    const shifted = shiftToCurrentWeek(demo, new Date('2026-11-25T11:00:00Z'));
    expect({ ...shifted, weeks: [], registrationClosesAt: '' }).toEqual({
      ...demo,
      weeks: [],
      registrationClosesAt: '',
    });
  });
});

describe('shiftToCurrentWeek (weeks of Tuesday to Friday, as in 2025)', () => {
  it('on a Wednesday, week 1 is the week containing today', () => {
    const now = new Date('2026-11-25T11:00:00Z');
    const shifted = shiftToCurrentWeek(season2025, now);
    expect(shifted.weeks[0]).toMatchObject({ opensOn: '2026-11-24', closesOn: '2026-11-27' });
    expect(weekStatus(shifted.weeks[0]!, season2025.timeZone, now)).toBe('open');
    expectShiftedByWholeWeeks(season2025, shifted);
  });

  it.each([
    ['Saturday', '2026-11-28T11:00:00Z'],
    ['Sunday', '2026-11-29T11:00:00Z'],
    ['Monday', '2026-11-30T11:00:00Z'],
  ])('on a %s, in the gap after Friday, week 1 opens the next Tuesday', (_, instant) => {
    const now = new Date(instant);
    const shifted = shiftToCurrentWeek(season2025, now);
    expect(shifted.weeks[0]).toMatchObject({ opensOn: '2026-12-01', closesOn: '2026-12-04' });
    expect(weekStatus(shifted.weeks[0]!, season2025.timeZone, now)).toBe('upcoming');
    expectShiftedByWholeWeeks(season2025, shifted);
  });
});
