import { notify, type Database } from '../db/client';

/**
 * How a writer tells every instance's session memo (session-memo.ts, ADR 0011) to forget what
 * it holds: a NOTIFY on this channel, in the writer's transaction. Apart from the memo, so that
 * the repositories that change sessions and players need not know the memo.
 * Payloads: `s:<id hash>` a session, `p:<player id>` a player's sessions, anything else all.
 */
export const SESSIONS_CHANNEL = 'podium_sessions';

/** Every instance forgets this session (deleted), once `db` commits. */
export async function notifySessionChanged(db: Database, idHash: string): Promise<void> {
  await notify(db, SESSIONS_CHANNEL, `s:${idHash}`);
}

/** Every instance forgets the sessions of this player (their row changed), once `db` commits. */
export async function notifyPlayerChanged(db: Database, playerId: string): Promise<void> {
  await notify(db, SESSIONS_CHANNEL, `p:${playerId}`);
}

/** Every instance forgets every session it holds (many players changed), once `db` commits. */
export async function notifyAllSessionsChanged(db: Database): Promise<void> {
  await notify(db, SESSIONS_CHANNEL, 'all');
}
