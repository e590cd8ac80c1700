import type { OrganiserTeam, TeamInput } from '#shared/contracts/organise';
import type { Region } from '#shared/domain/regions';
import { isTimeZone } from '#shared/domain/time-zone';

/**
 * The team form and its checks before sending. The patterns repeat teamInputSchema's
 * (contracts/organise.ts) so that the browser needs no zod; the server still judges.
 */

export interface TeamForm {
  name: string;
  flag: string;
  region: Region;
  timeZone: string;
  /** Only when adding a team: the code content files use; empty means the flag. */
  code: string;
}

export type TeamField = keyof TeamForm;
export type TeamProblem = 'required' | 'tooLong' | 'flag' | 'timeZone' | 'code';

export const emptyTeamForm = (timeZone: string): TeamForm => ({
  name: '',
  flag: '',
  region: 'EUROPE',
  timeZone,
  code: '',
});

export const formFromTeam = (team: OrganiserTeam): TeamForm => ({
  name: team.name,
  flag: team.flag,
  region: team.region,
  timeZone: team.timeZone,
  code: team.code,
});

const FLAG = /^[a-z]{2}(-[a-z]+)?$/;
const CODE = /^[a-z0-9-]{2,20}$/;

/** What the server would refuse, field by field; `creating` also checks the code. */
export function teamIssues(
  form: TeamForm,
  creating: boolean,
): Partial<Record<TeamField, TeamProblem>> {
  const issues: Partial<Record<TeamField, TeamProblem>> = {};
  const name = form.name.trim();
  if (name === '') issues.name = 'required';
  else if (name.length > 80) issues.name = 'tooLong';
  if (!FLAG.test(form.flag.trim().toLowerCase())) issues.flag = 'flag';
  if (form.timeZone.trim() === '' || !isTimeZone(form.timeZone.trim()))
    issues.timeZone = 'timeZone';
  const code = form.code.trim().toLowerCase();
  if (creating && code !== '' && !CODE.test(code)) issues.code = 'code';
  return issues;
}

/** The POST (creating, with the code when given) or PUT body. */
export function teamInput(form: TeamForm, creating: boolean): TeamInput {
  const input: TeamInput = {
    name: form.name.trim(),
    flag: form.flag.trim().toLowerCase(),
    region: form.region,
    timeZone: form.timeZone.trim(),
  };
  const code = form.code.trim().toLowerCase();
  return creating && code !== '' ? { ...input, code } : input;
}
