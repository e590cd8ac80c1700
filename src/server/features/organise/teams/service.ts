import { MAX_SALES_TEAMS, type OrganiserTeam, type TeamInput } from '#shared/contracts/organise';
import { weekStatus } from '#shared/domain/calendar';
import type { Database } from '../../../db/client';
import { AppError, isNameClash, postgresError } from '../../../http/errors';
import { findCurrentSeason } from '../../season/repository';
import { notifyStandingsChanged } from '../../standings/repository';
import { writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';

/** Country teams and their sales teams, as organisers add and edit them. */

function toOrganiserTeam(
  team: repo.TeamRow,
  salesTeams: repo.SalesTeamRow[],
  counts: Awaited<ReturnType<typeof repo.countPlayers>>,
): OrganiserTeam {
  const inTeam = counts.filter((row) => row.teamId === team.id);
  return {
    id: team.id,
    code: team.code,
    name: team.name,
    flag: team.flag,
    region: team.region,
    timeZone: team.timeZone,
    players: inTeam.reduce((sum, row) => sum + row.players, 0),
    salesTeams: salesTeams
      .filter((salesTeam) => salesTeam.teamId === team.id)
      .map(({ id, name }) => ({
        id,
        name,
        players: inTeam.find((row) => row.salesTeamId === id)?.players ?? 0,
      })),
  };
}

export async function organiserTeams(db: Database): Promise<{ teams: OrganiserTeam[] }> {
  const [teams, salesTeams, counts] = await Promise.all([
    repo.listTeams(db),
    repo.listSalesTeams(db),
    repo.countPlayers(db),
  ]);
  return { teams: teams.map((team) => toOrganiserTeam(team, salesTeams, counts)) };
}

export async function organiserTeam(db: Database, id: number): Promise<OrganiserTeam> {
  const [team] = (await repo.listTeams(db)).filter((row) => row.id === id);
  if (!team) throw new AppError('TEAM_NOT_FOUND', 'This team does not exist.');
  const [salesTeams, counts] = await Promise.all([
    repo.listSalesTeams(db, id),
    repo.countPlayers(db, id),
  ]);
  return toOrganiserTeam(team, salesTeams, counts);
}

const teamFields = (team: repo.TeamRow) => ({
  code: team.code,
  name: team.name,
  flag: team.flag,
  region: team.region,
  timeZone: team.timeZone,
});

/** Team names and flags are in the standings snapshot: every instance rebuilds it. */
async function standingsChanged(tx: Database) {
  const current = await findCurrentSeason(tx);
  await notifyStandingsChanged(tx, current?.season.id ?? '');
}

/**
 * The check before writing gives the clearer message; the unique indexes (ADR 0015) are what
 * holds when two requests pass the check at the same moment. Their violation is answered as the
 * check would have answered it: 409 NAME_TAKEN.
 */
async function refusingNameClashes<T>(
  clash: { name: string; code?: string; salesTeam?: boolean },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isNameClash(error)) throw error;
    const constraint = postgresError(error)!.constraint;
    throw new AppError(
      'NAME_TAKEN',
      clash.salesTeam
        ? `This team already has a sales team '${clash.name}'.`
        : constraint?.startsWith('teams_code')
          ? `The code '${clash.code}' is taken by another team; choose another code.`
          : `There is already a team called ${clash.name}.`,
    );
  }
}

export async function createTeam(db: Database, actor: Actor, input: TeamInput, now: Date) {
  const code = input.code ?? input.flag;
  return refusingNameClashes({ name: input.name, code }, () =>
    createTeamOnce(db, actor, input, code, now),
  );
}

function createTeamOnce(db: Database, actor: Actor, input: TeamInput, code: string, now: Date) {
  return db.transaction(async (tx) => {
    const clash = await repo.findTeamClash(tx, { name: input.name, code });
    if (clash) {
      throw new AppError(
        'NAME_TAKEN',
        clash.code === code
          ? `The code '${code}' is taken by ${clash.name}; choose another code.`
          : `There is already a team called ${clash.name}.`,
      );
    }
    const { name, flag, region, timeZone } = input;
    const team = await repo.insertTeam(tx, { code, name, flag, region, timeZone });
    await standingsChanged(tx);
    const change = { action: 'team.create', entityType: 'team', entityId: team.id } as const;
    await writeAudit(tx, actor, { ...change, before: null, after: teamFields(team) }, now);
    return team.id;
  });
}

/**
 * Edits a team. Its time zone may change only while no week is open in the old or the new
 * zone: moving the zone under an open week would open or close it early for its players.
 */
export async function updateTeam(
  db: Database,
  actor: Actor,
  id: number,
  input: Omit<TeamInput, 'code'>,
  now: Date,
): Promise<void> {
  await refusingNameClashes({ name: input.name }, () => updateTeamOnce(db, actor, id, input, now));
}

async function updateTeamOnce(
  db: Database,
  actor: Actor,
  id: number,
  input: Omit<TeamInput, 'code'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await repo.lockTeam(tx, id);
    if (!team) throw new AppError('TEAM_NOT_FOUND', 'This team does not exist.');
    const clash = await repo.findTeamClash(tx, { name: input.name, exceptId: id });
    if (clash) throw new AppError('NAME_TAKEN', `There is already a team called ${clash.name}.`);
    if (input.timeZone !== team.timeZone) {
      const current = await findCurrentSeason(tx);
      const open = current?.weeks.find((week) =>
        [team.timeZone, input.timeZone].some((zone) => weekStatus(week, zone, now) === 'open'),
      );
      if (open) {
        throw new AppError(
          'TEAM_ZONE_LOCKED',
          `Week ${open.setNum} is open in ${team.timeZone} or ${input.timeZone}: change the time zone between weeks.`,
        );
      }
    }
    const values = {
      name: input.name,
      flag: input.flag,
      region: input.region,
      timeZone: input.timeZone,
    };
    const before = teamFields(team);
    const after = { ...before, ...values };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await repo.updateTeam(tx, id, values);
    await standingsChanged(tx);
    await writeAudit(
      tx,
      actor,
      { action: 'team.update', entityType: 'team', entityId: id, before, after },
      now,
    );
  });
}

function checkNameFree(salesTeams: repo.SalesTeamRow[], name: string, exceptId?: number) {
  const clash = salesTeams.find(
    (salesTeam) => salesTeam.id !== exceptId && salesTeam.name.toLowerCase() === name.toLowerCase(),
  );
  if (clash)
    throw new AppError('NAME_TAKEN', `This team already has a sales team '${clash.name}'.`);
}

export async function addSalesTeam(
  db: Database,
  actor: Actor,
  teamId: number,
  name: string,
  now: Date,
): Promise<void> {
  await refusingNameClashes({ name, salesTeam: true }, () =>
    db.transaction(async (tx) => {
      if (!(await repo.lockTeam(tx, teamId)))
        throw new AppError('TEAM_NOT_FOUND', 'This team does not exist.');
      const existing = await repo.listSalesTeams(tx, teamId);
      if (existing.length >= MAX_SALES_TEAMS) {
        throw new AppError(
          'TOO_MANY_SALES_TEAMS',
          `A team has at most ${MAX_SALES_TEAMS} sales teams.`,
        );
      }
      checkNameFree(existing, name);
      const salesTeam = await repo.insertSalesTeam(tx, teamId, name);
      const change = { action: 'sales-team.create', entityType: 'sales-team' } as const;
      await writeAudit(
        tx,
        actor,
        { ...change, entityId: salesTeam.id, before: null, after: { teamId, name } },
        now,
      );
    }),
  );
}

/** Renames or (when `name` is null) removes a sales team; returns its team's id. */
export async function changeSalesTeam(
  db: Database,
  actor: Actor,
  id: number,
  name: string | null,
  now: Date,
): Promise<number> {
  return refusingNameClashes({ name: name ?? '', salesTeam: true }, () =>
    db.transaction(async (tx) => {
      const salesTeam = await repo.findSalesTeamForUpdate(tx, id);
      if (!salesTeam) throw new AppError('SALES_TEAM_NOT_FOUND', 'This sales team does not exist.');
      await repo.lockTeam(tx, salesTeam.teamId);
      const before = { teamId: salesTeam.teamId, name: salesTeam.name };
      const change = { entityType: 'sales-team', entityId: id, before } as const;
      if (name === null) {
        const used = await repo.countSalesTeamPlayers(tx, id);
        if (used > 0) {
          throw new AppError(
            'SALES_TEAM_IN_USE',
            `${used} player(s) chose ${salesTeam.name}: it cannot be removed; rename it instead.`,
          );
        }
        await repo.deleteSalesTeam(tx, id);
        await writeAudit(tx, actor, { ...change, action: 'sales-team.delete', after: null }, now);
      } else if (name !== salesTeam.name) {
        checkNameFree(await repo.listSalesTeams(tx, salesTeam.teamId), name, id);
        await repo.renameSalesTeam(tx, id, name);
        const after = { ...before, name };
        await writeAudit(tx, actor, { ...change, action: 'sales-team.rename', after }, now);
      }
      return salesTeam.teamId;
    }),
  );
}
