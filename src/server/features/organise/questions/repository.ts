import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { players, questions, weeks, type QuestionTranslation } from '../../../db/schema';
import type { QuestionRow } from '../../play/repository';
import { notifyContentChanged } from '../../season/content-cache';

export { findWeekQuestions, weekHasAttempts } from '../../play/repository';

/** Locks the week's row: one change to its questions at a time. */
export async function lockWeek(db: Database, seasonId: string, setNum: number): Promise<void> {
  await db
    .select({ setNum: weeks.setNum })
    .from(weeks)
    .where(and(eq(weeks.seasonId, seasonId), eq(weeks.setNum, setNum)))
    .for('update');
}

export interface QuestionContent {
  category: string;
  correctOption: string;
  source: string;
  translations: Record<string, QuestionTranslation>;
}

/** Writes a slot's question as a draft (creating it, or replacing it in place: same id). */
export async function saveDraft(
  db: Database,
  slot: { seasonId: string; setNum: number; kind: 'main' | 'challenger'; position: number },
  content: QuestionContent,
  now: Date,
): Promise<QuestionRow> {
  const values = {
    ...content,
    reviewStatus: 'draft' as const,
    approvedBy: null,
    approvedAt: null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(questions)
    .values({ ...slot, ...values })
    .onConflictDoUpdate({
      target: [questions.seasonId, questions.setNum, questions.kind, questions.position],
      set: values,
    })
    .returning();
  await notifyContentChanged(db);
  return row!;
}

export async function setReview(
  db: Database,
  id: number,
  review: {
    reviewStatus: 'draft' | 'approved';
    approvedBy: string | null;
    approvedAt: Date | null;
  },
): Promise<void> {
  await db.update(questions).set(review).where(eq(questions.id, id));
  await notifyContentChanged(db);
}

/** Names of the organisers who approved questions, by id. */
export async function findPeople(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: players.id,
      name: players.name,
      givenName: players.givenName,
      familyName: players.familyName,
      email: players.email,
    })
    .from(players)
    .where(inArray(players.id, ids));
}
