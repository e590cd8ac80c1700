import type { OrganiserSeason, SeasonInput } from '#shared/contracts/organise';
import { weekSpan } from '#shared/domain/calendar-rules';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import type { CurrentSeason } from '../../season/repository';
import { notifyStandingsChanged } from '../../standings/repository';
import { writeAudit, type Actor } from '../audit/service';
import { requireCurrentSeason, seasonZones } from './current-season';
import { readinessByWeek } from './readiness';
import * as repo from './repository';

/** The season calendar as organisers edit it (ADR 0005, ADR 0009). */

export async function organiserSeason(db: Database, now: Date): Promise<OrganiserSeason> {
  const current = await requireCurrentSeason(db);
  const [zones, readiness] = await Promise.all([
    seasonZones(db, current),
    readinessByWeek(db, current),
  ]);
  const { season } = current;
  const first = current.weeks[0];
  return {
    id: season.id,
    name: season.name,
    productName: season.productName,
    timeZone: season.timeZone,
    registrationClosesAt: season.registrationClosesAt.toISOString(),
    launchAt: first ? weekSpan(first, zones).startsAt.toISOString() : null,
    events: current.events.map(({ id, key, track }) => ({ id, key, track })),
    weeks: current.weeks.map((week) => {
      const span = weekSpan(week, zones);
      return {
        setNum: week.setNum,
        eventId: week.eventId,
        eventWeek: week.eventWeek,
        opensOn: week.opensOn,
        closesOn: week.closesOn,
        startsAt: span.startsAt.toISOString(),
        endsAt: span.endsAt.toISOString(),
        status: span.status(now),
        locked: span.startsAt <= now,
        readiness: readiness.get(week.setNum)!,
      };
    }),
  };
}

const snapshot = (current: CurrentSeason) => ({
  name: current.season.name,
  productName: current.season.productName,
  timeZone: current.season.timeZone,
  registrationClosesAt: current.season.registrationClosesAt.toISOString(),
  weeks: current.weeks.map(({ setNum, opensOn, closesOn }) => ({ setNum, opensOn, closesOn })),
});

/**
 * Saves the calendar. A week that has begun in any zone keeps its dates, and a week that has
 * not begun cannot be moved to a date already begun: both are refused with WEEK_ALREADY_OPEN.
 */
export async function updateSeason(
  db: Database,
  actor: Actor,
  input: SeasonInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { season } = await requireCurrentSeason(tx);
    await repo.lockSeason(tx, season.id);
    const current = await requireCurrentSeason(tx);
    const zones = await seasonZones(tx, current);
    const moved = current.weeks.filter((week) => {
      const wanted = input.weeks[week.setNum - 1]!;
      return wanted.opensOn !== week.opensOn || wanted.closesOn !== week.closesOn;
    });
    for (const week of moved) {
      const begun = weekSpan(week, zones).startsAt;
      if (begun <= now) {
        throw new AppError(
          'WEEK_ALREADY_OPEN',
          `Week ${week.setNum} opened on ${begun.toISOString()} (earliest time zone); its dates can no longer change.`,
        );
      }
      if (weekSpan(input.weeks[week.setNum - 1]!, zones).startsAt <= now) {
        throw new AppError(
          'WEEK_ALREADY_OPEN',
          `Week ${week.setNum} cannot be moved to dates that have already begun.`,
        );
      }
    }
    const before = snapshot(current);
    const after = {
      name: input.name,
      productName: input.productName,
      timeZone: input.timeZone,
      registrationClosesAt: new Date(input.registrationClosesAt).toISOString(),
      weeks: input.weeks.map(({ setNum, opensOn, closesOn }) => ({ setNum, opensOn, closesOn })),
    };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await repo.updateSeason(tx, season.id, {
      name: after.name,
      productName: after.productName,
      timeZone: after.timeZone,
      registrationClosesAt: new Date(after.registrationClosesAt),
      updatedAt: now,
    });
    for (const week of moved) {
      const { opensOn, closesOn } = input.weeks[week.setNum - 1]!;
      await repo.updateWeekDates(
        tx,
        { seasonId: season.id, setNum: week.setNum },
        { opensOn, closesOn },
      );
    }
    // The standings snapshot holds the calendar: every instance rebuilds it.
    await notifyStandingsChanged(tx, season.id);
    await writeAudit(
      tx,
      actor,
      { action: 'season.update', entityType: 'season', entityId: season.id, before, after },
      now,
    );
  });
}
