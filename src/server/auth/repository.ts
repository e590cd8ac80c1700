import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepared, valueOf } from '../db/prepared';
import { loginTransactions, players, sessions } from '../db/schema';
import { notifyPlayerChanged, notifySessionChanged } from './session-channel';

export type SessionRow = typeof sessions.$inferSelect;
export type LoginTransactionRow = typeof loginTransactions.$inferSelect;

export async function insertLoginTransaction(
  db: Database,
  row: typeof loginTransactions.$inferInsert,
): Promise<void> {
  await db.insert(loginTransactions).values(row);
}

/** Reads and deletes in one statement: a transaction completes at most once. */
export async function takeLoginTransaction(
  db: Database,
  idHash: string,
): Promise<LoginTransactionRow | undefined> {
  const [row] = await db
    .delete(loginTransactions)
    .where(eq(loginTransactions.idHash, idHash))
    .returning();
  return row;
}

export async function insertSession(
  db: Database,
  row: typeof sessions.$inferInsert,
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Database, idHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
  return row;
}

// Prepared (db/prepared.ts): every player's first request of a session on an instance reads
// it, and a session in use is touched every few minutes.
const sessionWithPlayerQuery = prepared('auth_session_with_player', (db) =>
  db
    .select({ session: sessions, player: players })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(eq(sessions.idHash, sql.placeholder('idHash'))),
);
const touchSessionQuery = prepared('auth_touch_session', (db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: valueOf('now') })
    .where(eq(sessions.idHash, sql.placeholder('idHash'))),
);

/** The session and its player in one round trip: every signed-in request starts here. */
export async function findSessionWithPlayer(db: Database, idHash: string) {
  const [row] = await sessionWithPlayerQuery(db, { idHash });
  return row;
}

export async function touchSession(db: Database, idHash: string, now: Date): Promise<void> {
  await touchSessionQuery(db, { idHash, now });
}

/** Stores refreshed tokens unless another request refreshed them first (then returns false). */
export async function replaceSessionTokens(
  db: Database,
  idHash: string,
  previousAccessToken: string,
  tokens: Pick<SessionRow, 'accessToken' | 'refreshToken' | 'idToken' | 'accessTokenExpiresAt'>,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ ...tokens, lastSeenAt: now })
    .where(and(eq(sessions.idHash, idHash), eq(sessions.accessToken, previousAccessToken)))
    .returning({ idHash: sessions.idHash });
  return updated.length === 1;
}

/** Ends a session on every instance: their memos forget it when this commits. */
export async function deleteSession(db: Database, idHash: string): Promise<SessionRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(sessions).where(eq(sessions.idHash, idHash)).returning();
    if (row) await notifySessionChanged(tx, idHash);
    return row;
  });
}

/** Housekeeping, run at each sign-in: drops transactions and sessions past their end. */
export async function deleteExpired(db: Database, now: Date): Promise<void> {
  await db.delete(loginTransactions).where(lt(loginTransactions.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function setRoleCheckDue(db: Database, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ roleCheckDueAt: at }).where(eq(sessions.idHash, idHash));
}

/** The provider's answer at a role check: every instance forgets the player's sessions. */
export async function setPlayerOrganiser(
  db: Database,
  playerId: string,
  organiser: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(players).set({ organiser, updatedAt: now }).where(eq(players.id, playerId));
    await notifyPlayerChanged(tx, playerId);
  });
}

/** Ends every session of a player, on every instance; returns how many there were. */
export async function deletePlayerSessions(db: Database, playerId: string): Promise<SessionRow[]> {
  const rows = await db.delete(sessions).where(eq(sessions.playerId, playerId)).returning();
  await notifyPlayerChanged(db, playerId);
  return rows;
}
