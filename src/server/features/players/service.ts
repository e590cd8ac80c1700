import type { Me, ProfileInput } from '#shared/contracts/me';
import {
  canChangeWeek,
  launchAt,
  nextTeamChange,
  seasonPosition,
  teamChangeable,
  weekStatus,
  weekWindow,
} from '#shared/domain/calendar';
import { isLanguage } from '#shared/domain/language';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  findCurrentSeason,
  findSalesTeam,
  hallOfFameExists,
  findTeam,
  type CurrentSeason,
} from '../season/repository';
import { recordMembership } from '../standings/aggregates';
import * as repo from './repository';

export const REGISTRATION_CLOSED_MESSAGE = 'The registration process is closed.';

/** The signed-in player with their team and their calendar in their team's time zone. */
export async function playerView(
  db: Database,
  player: repo.PlayerRow,
  activeWeeksOf: repo.ActiveWeeksOf,
  clock: Clock,
): Promise<Me> {
  const [current, { team, salesTeam }, hallOfFame] = await Promise.all([
    findCurrentSeason(db),
    repo.findPlayerTeam(db, player),
    hallOfFameExists(db),
  ]);
  const timeZone = team?.timeZone ?? current?.season.timeZone ?? 'UTC';
  const base = {
    name: player.name,
    givenName: player.givenName,
    familyName: player.familyName,
    email: player.email,
    locale: player.locale,
    zoneinfo: player.zoneinfo,
    language: isLanguage(player.language) ? player.language : null,
    team: team ? { id: team.id, name: team.name, flag: team.flag, region: team.region } : null,
    salesTeam: salesTeam ? { id: salesTeam.id, name: salesTeam.name } : null,
    registered: player.registeredAt !== null,
    organiser: player.organiser,
    remindersEnabled: player.remindersEnabled,
    hallOfFame,
    timeZone,
  };
  const now = clock.now();
  if (!current) return { ...base, eventStartsAt: null, serverNow: now.toISOString(), season: null };

  const flags = await activeWeeksOf(current.season.id);
  const position = seasonPosition(current.weeks, timeZone, now);
  return {
    ...base,
    eventStartsAt: launchAt(current.weeks, timeZone)?.toISOString() ?? null,
    serverNow: now.toISOString(),
    season: {
      id: current.season.id,
      name: current.season.name,
      productName: current.season.productName,
      registrationClosesAt: current.season.registrationClosesAt.toISOString(),
      registrationOpen: now < current.season.registrationClosesAt,
      phase: position.phase,
      currentSetNum: position.week?.setNum ?? null,
      teamChangeable: teamChangeable(position.phase),
      events: current.events.map(({ id, key, track }) => ({ id, key, track })),
      weeks: current.weeks.map((week) => {
        const window = weekWindow(week, timeZone);
        return {
          setNum: week.setNum,
          eventId: week.eventId,
          eventWeek: week.eventWeek,
          opensAt: window.opensAt.toISOString(),
          closesAt: window.closesAt.toISOString(),
          opensOn: week.opensOn,
          closesOn: week.closesOn,
          status: weekStatus(week, timeZone, now),
          active: flags[week.setNum - 1] ?? true,
          changeable: canChangeWeek(week, timeZone, now),
        };
      }),
    },
  };
}

/**
 * Registration (first time) or the account page's Update: profile and active weeks in one
 * transaction, after checking every rule, so that a refusal leaves nothing half-saved.
 *
 * Everything the change is computed from (registered or not, the current team, the stored
 * active weeks) is read inside the transaction with the player's row locked (ADR 0015): two
 * identical saves at once (a double click) run one after the other, and the second finds the
 * first's result, so it moves no active-member count again. The session's `player` only names
 * who is asking; it may be a moment old.
 */
export async function saveProfile(
  db: Database,
  player: repo.PlayerRow,
  input: ProfileInput,
  clock: Clock,
  mode: 'register' | 'update',
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await repo.lockPlayer(tx, player.id);
    if (!locked) throw new AppError('UNAUTHENTICATED', 'Sign in again.');
    const now = clock.now();
    const current = await findCurrentSeason(tx);
    if (!current) throw new AppError('NO_SEASON', 'No season has been set up yet.');
    const registered = locked.registeredAt !== null;
    if (mode === 'register') {
      if (registered) throw new AppError('ALREADY_REGISTERED', 'You are already registered.');
      if (now >= current.season.registrationClosesAt)
        throw new AppError('REGISTRATION_CLOSED', REGISTRATION_CLOSED_MESSAGE);
    } else if (!registered) {
      throw new AppError('NOT_REGISTERED', 'Register first.');
    }

    const team = await findTeam(tx, input.teamId);
    if (!team) throw new AppError('TEAM_NOT_FOUND', 'This team does not exist.');
    if (input.salesTeamId !== null) {
      const salesTeam = await findSalesTeam(tx, input.salesTeamId);
      if (!salesTeam || salesTeam.teamId !== team.id) {
        throw new AppError(
          'SALES_TEAM_NOT_IN_TEAM',
          'This sales team does not belong to the chosen team.',
        );
      }
    }
    if (mode === 'update') await checkTeamChange(tx, locked, input, team.timeZone, current, now);
    const stored = await repo.findActiveWeeks(tx, locked.id, current.season.id);
    checkWeekChanges(current, stored, input.activeWeeks, team.timeZone, now);

    const profile = {
      language: input.language,
      teamId: input.teamId,
      salesTeamId: input.salesTeamId,
      // From now on the new team counts the player's weeks (the weeks not begun, see below).
      ...(!registered || locked.teamId !== input.teamId ? { teamSince: now } : {}),
    };
    const saved = await repo.saveProfile(tx, locked.id, profile, now, mode === 'register');
    if (!saved) throw new AppError('ALREADY_REGISTERED', 'You are already registered.');
    await repo.saveActiveWeeks(tx, locked.id, current.season.id, input.activeWeeks, now, {
      registering: mode === 'register',
      choice: { teamId: input.teamId, salesTeamId: input.salesTeamId },
    });
    // A newcomer counts from the week under way; a change, only for weeks not begun.
    const counted = current.weeks.filter((week) => {
      const status = weekStatus(week, team.timeZone, now);
      return mode === 'register' ? status !== 'closed' : status === 'upcoming';
    });
    await recordMembership(
      tx,
      locked.id,
      current.season.id,
      counted.map((week) => ({
        setNum: week.setNum,
        before: {
          teamId: registered ? locked.teamId : null,
          active: stored[week.setNum - 1] ?? true,
        },
        after: { teamId: input.teamId, active: input.activeWeeks[week.setNum - 1] ?? true },
      })),
    );
  });
}

/** No week may be open, neither in the old team's zone nor in the new one's. */
async function checkTeamChange(
  db: Database,
  player: repo.PlayerRow,
  input: ProfileInput,
  newTeamZone: string,
  current: CurrentSeason,
  now: Date,
) {
  if (player.teamId === input.teamId && player.salesTeamId === input.salesTeamId) return;
  const team = player.teamId === null ? undefined : await findTeam(db, player.teamId);
  const zones = [team?.timeZone ?? current.season.timeZone, newTeamZone];
  const next = nextTeamChange(current.weeks, zones, now);
  if (next?.at.getTime() === now.getTime()) return;
  // A week is open in one of the zones (or the season is over): when its close allows the
  // change, the player is told when (the web app words it in their language and zone).
  throw new AppError(
    'TEAM_CHANGE_LOCKED',
    'Your team and sales team can be changed only between game weeks, until the day before the next week opens' +
      (next ? `; this change can go through from ${next.at.toISOString()}.` : '.'),
    next?.week ? { week: next.week.setNum, movableFrom: next.at.toISOString() } : undefined,
  );
}

function checkWeekChanges(
  current: CurrentSeason,
  stored: boolean[],
  wanted: boolean[],
  timeZone: string,
  now: Date,
) {
  for (const week of current.weeks) {
    const index = week.setNum - 1;
    if (stored[index] !== wanted[index] && !canChangeWeek(week, timeZone, now)) {
      throw new AppError(
        'WEEK_LOCKED',
        `Week ${week.setNum} can no longer be changed: changes close at the end of the day before a week opens.`,
      );
    }
  }
}
