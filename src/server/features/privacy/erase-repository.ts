import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { notifyPlayerChanged } from '../../auth/session-channel';
import type { Database } from '../../db/client';
import {
  auditLog,
  idpArtifacts,
  players,
  reminders,
  seasons,
  sessions,
  timeRequests,
} from '../../db/schema';

/** The writes of an erasure (erase.ts), each inside its transaction. */

/** The issuer an erased player's row carries instead of the identity provider's (ADR 0038). */
export const ERASED_ISSUER = 'erased';
/** What the audit log says instead of an erased person's name. */
export const ERASED_NAME = 'Erased player';

/**
 * Turns the player's row into an anonymous tombstone: no name, e-mail, locale or time zone
 * claim, and the provider's subject replaced by the row's own id, so that the person's next
 * sign-in creates a new player. Team, sales team, language and dates stay: the standings and
 * statistics the row carries need them, and they name nobody.
 */
export async function anonymisePlayer(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(players)
    .set({
      oidcIssuer: ERASED_ISSUER,
      oidcSubject: id,
      email: null,
      name: null,
      givenName: null,
      familyName: null,
      locale: null,
      zoneinfo: null,
      organiser: false,
      remindersEnabled: false,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(players.id, id));
  await notifyPlayerChanged(db, id);
}

/** Ends every session of the player (on every instance once this commits). */
export async function deleteSessions(db: Database, playerId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.playerId, playerId))
    .returning({ idHash: sessions.idHash });
  await notifyPlayerChanged(db, playerId);
  return deleted.length;
}

/** The player's request for more time: its note is their own words. */
export async function deleteTimeRequest(db: Database, playerId: string): Promise<void> {
  await db.delete(timeRequests).where(eq(timeRequests.playerId, playerId));
}

/** The reminders written for the player: they hold the address, the name and the text sent. */
export async function deleteReminders(db: Database, playerId: string): Promise<void> {
  await db.delete(reminders).where(eq(reminders.playerId, playerId));
}

/**
 * The embedded demo provider's state for the account (its sessions and grants name the
 * subject). Nothing with an external provider, whose records are its operator's.
 */
export async function deleteProviderState(db: Database, subject: string): Promise<void> {
  await db.delete(idpArtifacts).where(sql`${idpArtifacts.payload}->>'accountId' = ${subject}`);
}

/**
 * The audit log keeps what happened, not to whom: the person's name as an actor becomes
 * ERASED_NAME, and the free-text reasons of entries about them (a leave, an illness) go.
 */
export async function scrubAudit(db: Database, playerId: string): Promise<void> {
  await db.update(auditLog).set({ actorName: ERASED_NAME }).where(eq(auditLog.actorId, playerId));
  await db
    .update(auditLog)
    .set({ reason: null })
    .where(and(eq(auditLog.entityType, 'player'), eq(auditLog.entityId, playerId)));
}

/** Marks the player deactivated (`at`) or active again (null). */
export async function setPlayerDeactivated(
  db: Database,
  id: string,
  at: Date | null,
  now: Date,
): Promise<void> {
  await db.update(players).set({ deactivatedAt: at, updatedAt: now }).where(eq(players.id, id));
  await notifyPlayerChanged(db, id);
}

/**
 * Archived seasons' frozen results name their regional winners and each team's top player
 * (ADR 0039): the erased player's name there becomes a dash, as for a nameless player. Their
 * figures stay: the results were final when the season was archived.
 */
export async function scrubFrozenResults(db: Database, playerId: string): Promise<void> {
  const rows = await db
    .select({ id: seasons.id, frozen: seasons.frozenResults })
    .from(seasons)
    .where(isNotNull(seasons.frozenResults));
  for (const { id, frozen } of rows) {
    if (!frozen) continue;
    const teams = new Set(
      frozen.named.topPlayers.filter((top) => top.playerId === playerId).map((top) => top.teamId),
    );
    const winners = frozen.named.winners.map((owner) => owner === playerId);
    if (teams.size === 0 && !winners.includes(true)) continue;
    const scrubbed = {
      ...frozen,
      winners: frozen.winners.map((winner, index) =>
        winners[index] ? { ...winner, name: ERASED_ARCHIVE_NAME } : winner,
      ),
      standings: frozen.standings.map((row) =>
        teams.has(row.teamId) && row.topPlayer
          ? { ...row, topPlayer: { ...row.topPlayer, name: ERASED_ARCHIVE_NAME } }
          : row,
      ),
    };
    await db.update(seasons).set({ frozenResults: scrubbed }).where(eq(seasons.id, id));
  }
}

/** What an archive shows in place of an erased player's name (as for a nameless player). */
export const ERASED_ARCHIVE_NAME = '—';
