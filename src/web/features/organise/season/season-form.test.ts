import { describe, expect, it } from 'vitest';
import type { OrganiserSeason } from '#shared/contracts/organise';
import {
  formFromSeason,
  formIssues,
  inputFromForm,
  instantOfLocalDateTime,
  localDateTimeIn,
  type SeasonForm,
} from './season-form';

const DATES = [
  ['2025-02-04', '2025-02-07'],
  ['2025-02-10', '2025-02-14'],
  ['2025-02-17', '2025-02-21'],
  ['2025-02-24', '2025-02-28'],
  ['2025-03-03', '2025-03-07'],
  ['2025-03-10', '2025-03-14'],
] as const;

const saved: OrganiserSeason = {
  id: '2025',
  name: 'Nutrition Champions 2025',
  productName: 'Podium',
  timeZone: 'Europe/Berlin',
  registrationClosesAt: '2025-02-23T23:00:00.000Z',
  launchAt: '2025-02-03T10:00:00.000Z',
  events: [1, 2, 3].map((id) => ({ id, key: `event-${id}`, track: id })),
  weeks: DATES.map(([opensOn, closesOn], index) => ({
    setNum: index + 1,
    eventId: Math.floor(index / 2) + 1,
    eventWeek: (index % 2) + 1,
    opensOn,
    closesOn,
    startsAt: `${opensOn}T00:00:00.000Z`,
    endsAt: `${closesOn}T23:59:59.999Z`,
    status: index === 0 ? 'open' : 'upcoming',
    locked: index === 0,
    readiness: { ready: true, problems: [] },
  })),
};

const withWeek = (form: SeasonForm, index: number, dates: Partial<SeasonForm['weeks'][0]>) => ({
  ...form,
  weeks: form.weeks.map((week, at) => (at === index ? { ...week, ...dates } : week)),
});

describe('the registration close in the season time zone', () => {
  it('shows midnight in Berlin for 23:00 UTC in winter', () => {
    expect(localDateTimeIn('2025-02-23T23:00:00.000Z', 'Europe/Berlin')).toBe('2025-02-24T00:00');
  });

  it('reads a wall-clock time back as the instant, in summer time too', () => {
    expect(instantOfLocalDateTime('2025-02-24T00:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2025-02-23T23:00:00.000Z',
    );
    expect(instantOfLocalDateTime('2025-07-01T09:30', 'Asia/Bangkok')?.toISOString()).toBe(
      '2025-07-01T02:30:00.000Z',
    );
    expect(instantOfLocalDateTime('2025-07-01T09:30', 'America/New_York')?.toISOString()).toBe(
      '2025-07-01T13:30:00.000Z',
    );
  });

  it('refuses what is not a date and time', () => {
    expect(instantOfLocalDateTime('', 'Europe/Berlin')).toBeNull();
    expect(instantOfLocalDateTime('2025-02-30T10:00', 'Europe/Berlin')).toBeNull();
  });
});

describe('the season form and the PUT body', () => {
  it('round-trips the saved season unchanged', () => {
    const form = formFromSeason(saved);
    expect(form.registrationCloses).toBe('2025-02-24T00:00');
    expect(form.weeks[0]?.locked).toBe(true);
    expect(inputFromForm(form, saved)).toEqual({
      name: saved.name,
      productName: 'Podium',
      timeZone: 'Europe/Berlin',
      registrationClosesAt: saved.registrationClosesAt,
      weeks: saved.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
        setNum,
        eventId,
        eventWeek,
        opensOn,
        closesOn,
      })),
    });
  });

  it('keeps the seconds of an untouched registration close', () => {
    const season = { ...saved, registrationClosesAt: '2025-02-23T22:59:59.000Z' };
    expect(inputFromForm(formFromSeason(season), season).registrationClosesAt).toBe(
      '2025-02-23T22:59:59.000Z',
    );
  });

  it('sends a new registration close as the instant in the saved zone, and trims names', () => {
    const form = {
      ...formFromSeason(saved),
      name: '  Spring cup ',
      registrationCloses: '2025-03-01T18:00',
    };
    const input = inputFromForm(form, saved);
    expect(input.name).toBe('Spring cup');
    expect(input.registrationClosesAt).toBe('2025-03-01T17:00:00.000Z');
  });
});

describe('the checks before sending', () => {
  const form = formFromSeason(saved);

  it('finds nothing wrong with a well-formed season', () => {
    expect(formIssues(form)).toEqual([]);
  });

  it('asks for a name, a product name and a known time zone', () => {
    expect(
      formIssues({ ...form, name: ' ', productName: 'x'.repeat(61), timeZone: 'Mars/Olympus' }),
    ).toEqual([
      { field: 'name', problem: 'required' },
      { field: 'productName', problem: 'tooLong' },
      { field: 'timeZone', problem: 'timeZone' },
    ]);
  });

  it('points at a week that closes before it opens', () => {
    expect(formIssues(withWeek(form, 2, { closesOn: '2025-02-16' }))).toEqual([
      { field: 'weeks.2.closesOn', problem: 'closesBeforeOpens' },
    ]);
  });

  it('points at a week that overlaps the one before', () => {
    expect(formIssues(withWeek(form, 5, { opensOn: '2025-03-07' }))).toEqual([
      { field: 'weeks.5.opensOn', problem: 'overlap' },
    ]);
  });

  it('checks the dates themselves before the calendar rules', () => {
    expect(formIssues(withWeek(form, 4, { opensOn: '' }))).toEqual([
      { field: 'weeks.4.opensOn', problem: 'date' },
    ]);
  });

  it('keeps six weeks in three events of two', () => {
    expect(formIssues(withWeek(form, 3, { eventId: 3 }))).toEqual([
      { field: 'weeks.3.eventId', problem: 'event' },
    ]);
  });
});
