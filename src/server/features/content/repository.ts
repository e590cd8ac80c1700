import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  events,
  languages,
  questions,
  salesTeams,
  seasons,
  teams,
  weeks,
  type QuestionTranslation,
} from '../../db/schema';

/**
 * Upserts that write only what differs, so that loading the same content twice changes nothing.
 * Each returns the number of rows inserted or changed.
 */

const differs = (columns: PgColumn[]): SQL =>
  sql.join(
    columns.map(
      (column) => sql`${column} is distinct from excluded.${sql.identifier(column.name)}`,
    ),
    sql` or `,
  );

export async function upsertLanguages(
  db: Database,
  rows: (typeof languages.$inferInsert)[],
): Promise<number> {
  const changed = await db
    .insert(languages)
    .values(rows)
    .onConflictDoUpdate({
      target: languages.code,
      set: { label: sql`excluded.label` },
      setWhere: differs([languages.label]),
    })
    .returning({ code: languages.code });
  return changed.length;
}

export async function upsertTeams(
  db: Database,
  rows: Omit<typeof teams.$inferInsert, 'id'>[],
): Promise<{ changed: number; idByCode: Map<string, number> }> {
  const changed = await db
    .insert(teams)
    .values(rows)
    .onConflictDoUpdate({
      target: teams.code,
      set: {
        name: sql`excluded.name`,
        flag: sql`excluded.flag`,
        region: sql`excluded.region`,
        timeZone: sql`excluded.time_zone`,
      },
      setWhere: differs([teams.name, teams.flag, teams.region, teams.timeZone]),
    })
    .returning({ id: teams.id });
  const all = await db
    .select({ id: teams.id, code: teams.code })
    .from(teams)
    .where(
      inArray(
        teams.code,
        rows.map((row) => row.code),
      ),
    );
  return { changed: changed.length, idByCode: new Map(all.map((row) => [row.code, row.id])) };
}

/** Adds missing sales teams; existing ones stay (players may have chosen them). */
export async function insertSalesTeams(
  db: Database,
  rows: { teamId: number; name: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(salesTeams)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: salesTeams.id });
  return inserted.length;
}

export async function upsertSeason(
  db: Database,
  row: typeof seasons.$inferInsert,
  now: Date,
): Promise<number> {
  const columns = [
    seasons.name,
    seasons.productName,
    seasons.timeZone,
    seasons.registrationClosesAt,
    seasons.current,
  ];
  const changed = await db
    .insert(seasons)
    .values({ ...row, current: true, status: 'current', updatedAt: now })
    .onConflictDoUpdate({
      target: seasons.id,
      set: {
        name: sql`excluded.name`,
        productName: sql`excluded.product_name`,
        timeZone: sql`excluded.time_zone`,
        registrationClosesAt: sql`excluded.registration_closes_at`,
        current: true,
        status: 'current',
        // An archived season loaded again is current again: its archive is made anew when it
        // ends again.
        archivedAt: null,
        frozenResults: null,
        updatedAt: now,
      },
      setWhere: differs(columns),
    })
    .returning({ id: seasons.id });
  return changed.length;
}

export async function upsertEvents(
  db: Database,
  rows: (typeof events.$inferInsert)[],
): Promise<number> {
  const changed = await db
    .insert(events)
    .values(rows)
    .onConflictDoUpdate({
      target: [events.seasonId, events.id],
      set: { key: sql`excluded.key`, track: sql`excluded.track` },
      setWhere: differs([events.key, events.track]),
    })
    .returning({ id: events.id });
  return changed.length;
}

export async function upsertWeeks(
  db: Database,
  rows: (typeof weeks.$inferInsert)[],
): Promise<number> {
  const changed = await db
    .insert(weeks)
    .values(rows)
    .onConflictDoUpdate({
      target: [weeks.seasonId, weeks.setNum],
      set: {
        eventId: sql`excluded.event_id`,
        eventWeek: sql`excluded.event_week`,
        opensOn: sql`excluded.opens_on`,
        closesOn: sql`excluded.closes_on`,
      },
      setWhere: differs([weeks.eventId, weeks.eventWeek, weeks.opensOn, weeks.closesOn]),
    })
    .returning({ setNum: weeks.setNum });
  return changed.length;
}

/**
 * Questions from a content file count as approved (ADR 0009): a new or changed one is stored
 * approved, by no organiser; an organiser's draft of the same slot is overwritten.
 */
export async function upsertQuestions(
  db: Database,
  now: Date,
  rows: {
    seasonId: string;
    setNum: number;
    kind: 'main' | 'challenger';
    position: number;
    category: string;
    correctOption: string;
    source: string;
    translations: Record<string, QuestionTranslation>;
  }[],
): Promise<number> {
  const approved = { reviewStatus: 'approved' as const, approvedAt: now, updatedAt: now };
  const changed = await db
    .insert(questions)
    .values(rows.map((row) => ({ ...row, ...approved })))
    .onConflictDoUpdate({
      target: [questions.seasonId, questions.setNum, questions.kind, questions.position],
      set: {
        category: sql`excluded.category`,
        correctOption: sql`excluded.correct_option`,
        source: sql`excluded.source`,
        translations: sql`excluded.translations`,
        ...approved,
        approvedBy: null,
      },
      setWhere: differs([
        questions.category,
        questions.correctOption,
        questions.source,
        questions.translations,
        questions.reviewStatus,
      ]),
    })
    .returning({ id: questions.id });
  return changed.length;
}

export async function currentSeasonExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.current, true));
  return row !== undefined;
}
