import { and, eq, sql } from 'drizzle-orm';
import { notifyPlayerChanged } from '../../auth/session-channel';
import type { Database } from '../../db/client';
import { players, timeRequests } from '../../db/schema';

/** Time accommodations (ADR 0037): the player's request row and their granted factor. */

export type TimeRequestRow = typeof timeRequests.$inferSelect;

export async function findTimeRequest(
  db: Database,
  playerId: string,
): Promise<TimeRequestRow | undefined> {
  const [row] = await db.select().from(timeRequests).where(eq(timeRequests.playerId, playerId));
  return row;
}

/**
 * Opens the player's request, unless one is open already (then undefined): one statement on the
 * row's primary key, so two clicks at once record one request.
 */
export async function openTimeRequest(
  db: Database,
  values: { playerId: string; note: string | null; requestedAt: Date },
): Promise<TimeRequestRow | undefined> {
  const [row] = await db
    .insert(timeRequests)
    .values({ ...values, status: 'open' })
    .onConflictDoUpdate({
      target: timeRequests.playerId,
      set: { status: 'open', note: values.note, requestedAt: values.requestedAt, decidedAt: null },
      setWhere: sql`${timeRequests.status} <> 'open'`,
    })
    .returning();
  return row;
}

/** Declines the open request (undefined when none is open). */
export async function declineTimeRequest(
  db: Database,
  playerId: string,
  at: Date,
): Promise<TimeRequestRow | undefined> {
  const [row] = await db
    .update(timeRequests)
    .set({ status: 'declined', decidedAt: at })
    .where(and(eq(timeRequests.playerId, playerId), eq(timeRequests.status, 'open')))
    .returning();
  return row;
}

/** A grant answers the request: the row goes. */
export async function deleteTimeRequest(db: Database, playerId: string): Promise<void> {
  await db.delete(timeRequests).where(eq(timeRequests.playerId, playerId));
}

/** Sets the player's factor; every instance forgets their cached session row. */
export async function setTimePercent(
  db: Database,
  playerId: string,
  timePercent: number,
  at: Date,
): Promise<void> {
  await db.update(players).set({ timePercent, updatedAt: at }).where(eq(players.id, playerId));
  await notifyPlayerChanged(db, playerId);
}
