import { LANGUAGE_LABELS, LANGUAGES } from '#shared/domain/language';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { QuestionTranslation } from '../../db/schema';
import { readSeasonBundle, type ContentBundle } from './read-content';
import { notifyContentChanged } from '../season/content-cache';
import { notifyStandingsChanged } from '../standings/repository';
import { archiveCurrentSeason } from '../organise/next-season/service';
import * as repo from './repository';
import { shiftToCurrentWeek } from './shift-season';

export interface LoadSummary {
  seasonId: string;
  /** Rows inserted or changed; 0 when the database already held exactly this content. */
  changes: number;
}

/**
 * Loads a season file (and the teams and questions files it names) in one transaction and
 * makes that season current. The file is validated whole before anything is written.
 */
export async function loadSeasonFile(
  db: Database,
  file: string,
  clock: Clock,
): Promise<LoadSummary> {
  return loadSeasonBundle(db, await readSeasonBundle(file), clock);
}

export async function loadSeasonBundle(
  db: Database,
  bundle: ContentBundle,
  clock: Clock,
): Promise<LoadSummary> {
  const now = clock.now();
  const season = bundle.season.shiftToCurrentWeek
    ? shiftToCurrentWeek(bundle.season, now)
    : bundle.season;
  const changes = await db.transaction(async (tx) => {
    let count = 0;
    // Another season is current: it ends as a launch ends it (results frozen, everyone asked to
    // register again), first, so that its archive holds the teams as they were before this file.
    if (await archiveCurrentSeason(tx, now, season.id)) count += 1;
    count += await repo.upsertLanguages(
      tx,
      LANGUAGES.map((code) => ({ code, label: LANGUAGE_LABELS[code] })),
    );
    const { changed, idByCode } = await repo.upsertTeams(
      tx,
      bundle.teams.map(({ code, name, flag, region, timeZone }) => ({
        code,
        name,
        flag,
        region,
        timeZone,
      })),
    );
    count += changed;
    count += await repo.insertSalesTeams(
      tx,
      bundle.teams.flatMap((team) =>
        team.salesTeams.map((name) => ({ teamId: idByCode.get(team.code)!, name })),
      ),
    );
    count += await repo.upsertSeason(
      tx,
      {
        id: season.id,
        name: season.name,
        productName: season.productName,
        timeZone: season.timeZone,
        registrationClosesAt: new Date(season.registrationClosesAt),
      },
      now,
    );
    count += await repo.upsertEvents(
      tx,
      season.events.map((event) => ({ seasonId: season.id, ...event })),
    );
    count += await repo.upsertWeeks(
      tx,
      season.weeks.map((week) => ({ seasonId: season.id, ...week })),
    );
    count += await repo.upsertQuestions(
      tx,
      now,
      bundle.questions
        .filter((week) => season.weeks.some((entry) => entry.setNum === week.setNum))
        .flatMap((week) =>
          week.questions.map((question) => ({
            seasonId: season.id,
            setNum: week.setNum,
            kind: question.slot === 'challenger' ? ('challenger' as const) : ('main' as const),
            position: question.slot === 'challenger' ? 1 : question.slot,
            category: question.category,
            correctOption: question.correct,
            source: question.source,
            translations: question.translations as Record<string, QuestionTranslation>,
          })),
        ),
    );
    if (count > 0) await notifyStandingsChanged(tx, season.id);
    await notifyContentChanged(tx);
    return count;
  });
  return { seasonId: season.id, changes };
}
