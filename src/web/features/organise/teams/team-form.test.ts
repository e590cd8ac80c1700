import { describe, expect, it } from 'vitest';
import { emptyTeamForm, formFromTeam, teamInput, teamIssues } from './team-form';

const spain = {
  id: 10,
  code: 'es',
  name: 'Spain',
  flag: 'es',
  region: 'EUROPE' as const,
  timeZone: 'Europe/Madrid',
  players: 3,
  salesTeams: [],
};

describe('the team form', () => {
  it('sends an edited team without its code, trimmed and in lower case', () => {
    const form = { ...formFromTeam(spain), name: ' España ', flag: 'ES' };
    expect(teamIssues(form, false)).toEqual({});
    expect(teamInput(form, false)).toEqual({
      name: 'España',
      flag: 'es',
      region: 'EUROPE',
      timeZone: 'Europe/Madrid',
    });
  });

  it('sends a new team with its code only when one is given', () => {
    const form = { ...emptyTeamForm('Europe/Lisbon'), name: 'Portugal', flag: 'pt' };
    expect(teamInput(form, true)).not.toHaveProperty('code');
    expect(teamInput({ ...form, code: 'PT-North' }, true)).toMatchObject({ code: 'pt-north' });
  });

  it('points at each field the server would refuse', () => {
    const form = { ...emptyTeamForm('Nowhere/Town'), flag: 'esp', code: 'x' };
    expect(teamIssues(form, true)).toEqual({
      name: 'required',
      flag: 'flag',
      timeZone: 'timeZone',
      code: 'code',
    });
    expect(teamIssues({ ...form, name: 'x'.repeat(81) }, false)).toMatchObject({ name: 'tooLong' });
    expect(teamIssues(form, false)).not.toHaveProperty('code');
  });

  it('accepts a flag with a subdivision, such as gb-sct', () => {
    expect(teamIssues({ ...formFromTeam(spain), flag: 'gb-sct' }, false)).toEqual({});
  });
});
