import type {
  BankChoice,
  DraftInput,
  FrozenResults,
  OrganiserSeasons,
} from '#shared/contracts/past-seasons';
import { addDays } from '#shared/domain/time-zone';
import type { Database } from '../../../db/client';
import { AppError, postgresError } from '../../../http/errors';
import { contentProblems } from '../../content/read-content';
import { notifyContentChanged } from '../../season/content-cache';
import { seasonCalendar, type CurrentSeason } from '../../season/repository';
import { notifyStandingsChanged } from '../../standings/repository';
import { regionalWinners } from '../../standings/service';
import { buildSeasonSnapshot } from '../../standings/snapshot';
import { writeAudit, type Actor } from '../audit/service';
import { requireCurrentSeason } from '../season/current-season';
import * as repo from './repository';
import { sideBySide } from '../../../db/side-by-side';

/**
 * The next season (ADR 0039): a draft prepared beside the running season and seen by nobody
 * else, checked by the content files' rules, then launched: the draft becomes current and the
 * old season is archived, its results frozen, in one transaction.
 */

const DAY_MS = 86_400_000;

/** Refuses anything but a draft: an archived season is read-only, the current one is live. */
async function requireDraft(db: Database, seasonId: string, lock = false) {
  const season = await repo.findSeason(db, seasonId, lock);
  if (!season) throw new AppError('SEASON_NOT_FOUND', `There is no season ${seasonId}.`);
  if (season.status === 'archived') {
    throw new AppError(
      'SEASON_ARCHIVED',
      `Season ${season.name} is archived: its calendar, questions and results can no longer change.`,
    );
  }
  if (season.status !== 'draft') {
    throw new AppError(
      'SEASON_NOT_DRAFT',
      `Season ${season.name} is already running: it is no longer a draft.`,
    );
  }
  return season;
}

/** The draft as the content files would hold it, and what their rules refuse in it. */
async function draftProblems(db: Database, draft: CurrentSeason): Promise<string[]> {
  const rows = await repo.seasonQuestions(db, draft.season.id);
  const setNums = [...new Set(rows.map((row) => row.setNum))];
  const { season } = draft;
  return contentProblems(
    { season: 'season', questions: 'questions' },
    {
      id: season.id,
      name: season.name,
      productName: season.productName,
      timeZone: season.timeZone,
      registrationClosesAt: season.registrationClosesAt.toISOString(),
      teams: 'database',
      questions: 'database',
      events: draft.events.map(({ id, key, track }) => ({ id, key, track })),
      weeks: draft.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
        setNum,
        eventId,
        eventWeek,
        opensOn,
        closesOn,
      })),
    },
    {
      weeks: setNums.map((setNum) => ({
        setNum,
        questions: rows
          .filter((row) => row.setNum === setNum)
          .map((row) => ({
            slot: row.kind === 'challenger' ? 'challenger' : row.position,
            category: row.category,
            correct: row.correctOption,
            source: row.source,
            translations: row.translations,
          })),
      })),
    },
  );
}

export async function organiserSeasons(db: Database): Promise<OrganiserSeasons> {
  const [rows, bank] = await Promise.all([repo.listSeasons(db), repo.listBank(db)]);
  const draftRow = rows.find((row) => row.status === 'draft');
  let draft: OrganiserSeasons['draft'] = null;
  if (draftRow) {
    const calendar = await seasonCalendar(db, draftRow);
    const [questionRows, problems] = await Promise.all([
      repo.seasonQuestions(db, draftRow.id),
      draftProblems(db, calendar),
    ]);
    draft = {
      id: draftRow.id,
      name: draftRow.name,
      registrationClosesAt: draftRow.registrationClosesAt.toISOString(),
      weeks: calendar.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => {
        const week = questionRows.filter((row) => row.setNum === setNum);
        return {
          setNum,
          eventId,
          eventWeek,
          opensOn,
          closesOn,
          questions: week.length,
          toApprove: week.filter((row) => row.reviewStatus !== 'approved').length,
        };
      }),
      problems,
    };
  }
  return {
    seasons: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      archivedAt: row.archivedAt?.toISOString() ?? null,
    })),
    draft,
    bank,
  };
}

/**
 * A draft from the current season: its events, its calendar laid out again from `launchOn`
 * (the same weeks, the same spacing, the registration close moved as much) and, from the
 * current season, each week's questions (`empty`: no questions; choose them from the bank).
 * Teams and sales teams are not copied: they outlive seasons.
 */
export async function createDraft(
  db: Database,
  actor: Actor,
  input: DraftInput,
  now: Date,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const current = await requireCurrentSeason(tx);
      if (await repo.findSeasonByStatus(tx, 'draft')) throw draftExists();
      if (await repo.findSeason(tx, input.id)) throw idTaken(input.id);
      const first = current.weeks[0];
      const days = first
        ? Math.round((Date.parse(input.launchOn) - Date.parse(first.opensOn)) / DAY_MS)
        : 0;
      const draft: CurrentSeason = {
        season: {
          ...current.season,
          id: input.id,
          name: input.name,
          current: false,
          status: 'draft',
          archivedAt: null,
          frozenResults: null,
          registrationClosesAt: new Date(
            current.season.registrationClosesAt.getTime() + days * DAY_MS,
          ),
          updatedAt: now,
        },
        events: current.events.map((event) => ({ ...event, seasonId: input.id })),
        weeks: current.weeks.map((week) => ({
          ...week,
          seasonId: input.id,
          opensOn: addDays(week.opensOn, days),
          closesOn: addDays(week.closesOn, days),
        })),
      };
      await repo.insertDraft(tx, draft);
      if (input.from === 'current') {
        for (const week of current.weeks) {
          await repo.copyWeekQuestions(
            tx,
            { seasonId: current.season.id, setNum: week.setNum },
            { seasonId: input.id, setNum: week.setNum },
            now,
          );
        }
      }
      await writeAudit(
        tx,
        actor,
        {
          action: 'season.draft',
          entityType: 'season',
          entityId: input.id,
          before: null,
          after: { ...input, fromSeason: current.season.id },
        },
        now,
      );
    });
  } catch (error) {
    // Two drafts at once: the second meets the first in the unique indexes.
    const pg = postgresError(error);
    const constraint = pg?.code === '23505' ? pg.constraint : undefined;
    if (constraint === 'seasons_one_draft') throw draftExists();
    if (constraint === 'seasons_pkey') throw idTaken(input.id);
    throw error;
  }
}

const draftExists = () =>
  new AppError(
    'DRAFT_EXISTS',
    'A draft of the next season is already being prepared: launch or discard it first.',
  );
const idTaken = (id: string) =>
  new AppError('SEASON_ID_TAKEN', `A season with the id ${id} already exists.`);

/** A draft week's questions, taken from a week of the bank (the current or an archived season). */
export async function chooseBankWeek(
  db: Database,
  actor: Actor,
  target: { seasonId: string; setNum: number },
  choice: BankChoice,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireDraft(tx, target.seasonId, true);
    if ((await repo.bankWeekSize(tx, choice.seasonId, choice.setNum)) === 0) {
      throw new AppError(
        'SEASON_NOT_FOUND',
        `Week ${choice.setNum} of season ${choice.seasonId} has no questions to take.`,
      );
    }
    await repo.copyWeekQuestions(tx, choice, target, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'season.draft-week',
        entityType: 'season',
        entityId: target.seasonId,
        before: null,
        after: { setNum: target.setNum, from: choice },
      },
      now,
    );
  });
}

export async function discardDraft(
  db: Database,
  actor: Actor,
  seasonId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const draft = await requireDraft(tx, seasonId, true);
    await repo.deleteSeason(tx, seasonId);
    await notifyContentChanged(tx);
    await writeAudit(
      tx,
      actor,
      {
        action: 'season.discard',
        entityType: 'season',
        entityId: seasonId,
        before: { name: draft.name },
        after: null,
      },
      now,
    );
  });
}

/** What an archive keeps: the standings as the leaderboard shows them now, and the figures. */
export async function freezeResults(
  db: Database,
  season: CurrentSeason,
  now: Date,
): Promise<FrozenResults> {
  const [snapshot, stats] = await sideBySide(db, [
    () => buildSeasonSnapshot(db, season, now),
    () => repo.seasonStats(db, season.season.id),
  ]);
  return {
    throughWeek: snapshot.setNum,
    standings: snapshot.teams,
    winners: regionalWinners(snapshot).winners,
    stats,
    named: {
      winners: snapshot.winners.map((winner) => winner.playerId),
      topPlayers: [...snapshot.topPlayerIds].map(([teamId, playerId]) => ({ teamId, playerId })),
    },
  };
}

/**
 * Archives the current season, if there is one and it is not `keep` (the caller's transaction,
 * which then makes another season current): its registrations are copied to their per-season
 * marker with the team and sales team, its results frozen as the leaderboard shows them at `now`,
 * and every player's registration for the current season cleared. The launch and the content loader both
 * end a season through this one function (ADR 0039). Returns the archived season's row.
 */
export async function archiveCurrentSeason(
  tx: Database,
  now: Date,
  keep?: string,
): Promise<repo.SeasonRow | undefined> {
  const oldRow = await repo.findSeasonByStatus(tx, 'current', true);
  if (!oldRow || oldRow.id === keep) return undefined;
  const old = await seasonCalendar(tx, oldRow);
  await repo.keepRegistrations(tx, oldRow.id);
  const frozen = await freezeResults(tx, old, now);
  await repo.archiveSeason(tx, oldRow.id, frozen, now);
  await repo.clearRegistrations(tx, now);
  await notifyStandingsChanged(tx, oldRow.id);
  return oldRow;
}

/**
 * Launches the draft: the current season is archived (read-only, results frozen), the draft
 * becomes current, and every player is asked to register again, all in one transaction. Two
 * launches at once: the draft's row lock makes the second wait, then find no draft (409).
 */
export async function launchDraft(
  db: Database,
  actor: Actor,
  seasonId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const draftRow = await requireDraft(tx, seasonId, true);
    const draft = await seasonCalendar(tx, draftRow);
    const problems = await draftProblems(tx, draft);
    if (problems.length > 0) {
      throw new AppError(
        'DRAFT_INVALID',
        `The draft cannot be launched: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    const oldRow = await archiveCurrentSeason(tx, now);
    await repo.makeCurrent(tx, seasonId, now);
    await notifyStandingsChanged(tx, seasonId);
    await writeAudit(
      tx,
      actor,
      {
        action: 'season.launch',
        entityType: 'season',
        entityId: seasonId,
        before: oldRow ? { current: oldRow.id } : null,
        after: { current: seasonId, archived: oldRow?.id ?? null },
      },
      now,
    );
  });
}
