import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestAudit,
  ok,
  refused,
  seasonInputOf,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, type PlayApp } from '../../../../../tests/play-helpers';
import type { OrganiserSeason, SeasonInput } from '#shared/contracts/organise';
import type { Season } from '#shared/contracts/season';

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(); // Wednesday 5 Feb 2025: week 1 open everywhere
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const getSeason = async () => ok<OrganiserSeason>(await organiser.get('/api/organise/season'));
const auditCount = async () => (await latestAudit(t.database.db, 1000)).length;

describe('GET /api/organise/season', () => {
  it('spans each week over the earliest and the latest team zone (Manila to Mexico City)', async () => {
    const season = await getSeason();
    expect(season).toMatchObject({
      id: '2025',
      name: 'Podium 2025',
      timeZone: 'Europe/Berlin',
      launchAt: '2025-02-03T16:00:00.000Z',
      events: [{ key: 'canoe' }, { key: 'cyclocross' }, { key: 'marathon' }],
    });
    expect(season.weeks[0]).toMatchObject({
      setNum: 1,
      opensOn: '2025-02-04',
      closesOn: '2025-02-07',
      startsAt: '2025-02-03T16:00:00.000Z',
      endsAt: '2025-02-08T05:59:59.999Z',
      status: 'open',
      locked: true,
      readiness: { ready: true, problems: [] },
    });
    expect(season.weeks.slice(1).map((week) => [week.status, week.locked])).toEqual(
      Array(5).fill(['upcoming', false]),
    );
  });
});

describe('PUT /api/organise/season', () => {
  it('saves the name, registration close and a later week’s dates, with an audit entry', async () => {
    const input = seasonInputOf(await getSeason());
    input.name = 'Podium 2025 — extended';
    input.registrationClosesAt = '2025-03-02T23:59:59+01:00';
    input.weeks[5] = { ...input.weeks[5]!, opensOn: '2025-03-11', closesOn: '2025-03-15' };
    const saved = ok<OrganiserSeason>(await organiser.put('/api/organise/season', input));
    expect(saved.name).toBe('Podium 2025 — extended');
    expect(saved.registrationClosesAt).toBe('2025-03-02T22:59:59.000Z');
    expect(saved.weeks[5]).toMatchObject({ opensOn: '2025-03-11', closesOn: '2025-03-15' });

    const publicSeason = ok<Season>(await t.app.inject({ url: '/api/season' }));
    expect(publicSeason.weeks[5]).toMatchObject({ opensOn: '2025-03-11', closesOn: '2025-03-15' });

    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'season.update',
      entityType: 'season',
      entityId: '2025',
      actorName: 'Morgan Lee',
      before: {
        name: 'Podium 2025',
        weeks: expect.arrayContaining([
          { setNum: 6, opensOn: '2025-03-10', closesOn: '2025-03-14' },
        ]),
      },
      after: {
        name: 'Podium 2025 — extended',
        weeks: expect.arrayContaining([
          { setNum: 6, opensOn: '2025-03-11', closesOn: '2025-03-15' },
        ]),
      },
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const before = await auditCount();
    ok(await organiser.put('/api/organise/season', seasonInputOf(await getSeason())));
    expect(await auditCount()).toBe(before);
  });

  it('refuses to change a week that is open with 409 WEEK_ALREADY_OPEN, saving nothing', async () => {
    const season = await getSeason();
    const input = seasonInputOf(season);
    input.name = 'Not saved';
    input.weeks[0] = { ...input.weeks[0]!, closesOn: '2025-02-08' };
    const before = await auditCount();
    const message = refused(
      await organiser.put('/api/organise/season', input),
      409,
      'WEEK_ALREADY_OPEN',
    );
    expect(message).toContain('Week 1');
    expect(await getSeason()).toEqual(season);
    expect(await auditCount()).toBe(before);
  });

  it('counts a week as begun once it opened in the earliest zone (Manila), even if Sunday in Europe', async () => {
    t.clock.set(new Date('2025-02-09T16:30:00Z')); // Monday 00:30 in Manila, Sunday 17:30 in Madrid
    try {
      const input = seasonInputOf(await getSeason());
      input.weeks[1] = { ...input.weeks[1]!, opensOn: '2025-02-11' };
      refused(await organiser.put('/api/organise/season', input), 409, 'WEEK_ALREADY_OPEN');
    } finally {
      t.clock.set(new Date('2025-02-05T10:00:00Z'));
    }
  });

  it('refuses to move a week that has not begun to dates that have', async () => {
    t.clock.set(new Date('2025-02-08T12:00:00Z')); // Saturday, between weeks 1 and 2
    try {
      const input = seasonInputOf(await getSeason());
      input.weeks[1] = { ...input.weeks[1]!, opensOn: '2025-02-08' };
      const message = refused(
        await organiser.put('/api/organise/season', input),
        409,
        'WEEK_ALREADY_OPEN',
      );
      expect(message).toMatch(/already begun/);
    } finally {
      t.clock.set(new Date('2025-02-05T10:00:00Z'));
    }
  });

  describe('refuses a malformed calendar with 400 and the reason', () => {
    const cases: [string, (input: SeasonInput) => void, RegExp][] = [
      [
        'a week overlapping the previous one',
        (input) => void (input.weeks[3]!.opensOn = '2025-02-21'),
        /overlaps week 3/,
      ],
      [
        'a week closing before it opens',
        (input) => void (input.weeks[4]!.closesOn = '2025-03-01'),
        /closes before it opens/,
      ],
      ['weeks out of order', (input) => void input.weeks.reverse(), /numbered 1 to 6 in order/],
      [
        'a week in the wrong event',
        (input) => void (input.weeks[2]!.eventId = 1),
        /two consecutive weeks/,
      ],
      ['five weeks', (input) => void input.weeks.pop(), /weeks/],
      [
        'an unknown time zone',
        (input) => void (input.timeZone = 'Europe/Atlantis'),
        /IANA time zone/,
      ],
      [
        'a date that is not YYYY-MM-DD',
        (input) => void (input.weeks[5]!.opensOn = '11/03/2025'),
        /YYYY-MM-DD/,
      ],
      [
        'a registration close without offset',
        (input) => void (input.registrationClosesAt = 'soon'),
        /ISO date-time/,
      ],
      ['an empty name', (input) => void (input.name = '  '), /name/],
      ['an unknown field', (input) => void Object.assign(input, { id: 'other' }), /id/],
    ];
    it.each(cases)('%s', async (_name, edit, reason) => {
      const input = seasonInputOf(await getSeason());
      edit(input);
      const message = refused(
        await organiser.put('/api/organise/season', input),
        400,
        'BAD_REQUEST',
      );
      expect(message).toMatch(reason);
    });
  });
});
