import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { seedPlayers } from '../../tests/play-helpers';
import type { Database } from '../../src/server/db/client';

/**
 * The benchmark's players, written straight into the database (the sign-in redirects are not
 * what is measured): registered players spread over the teams, and for the ones the benchmark
 * drives, a session row each, stored as the server stores it (SHA-256 of the cookie's id).
 */

export interface SeededPlayer {
  playerId: string;
  /** The session cookie's value. */
  sessionId: string;
}

async function seedIds(client: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await client.query<{ id: string }>(
    `select id from players where oidc_issuer = 'seed'`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function countSeeded(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from players where oidc_issuer = 'seed'`,
  );
  return rows[0]!.n;
}

/** Players who have played week 1 already (scores in the standings aggregates, no attempt). */
export async function seedBackgroundPlayers(db: Database, count: number): Promise<void> {
  if (count > 0) await seedPlayers(db, { count, weeksPlayed: 1 });
}

/**
 * Players active every week who have not played yet, each signed in: a session that began at
 * `signedInAt` (the server's clock) and lasts a week.
 */
export async function seedDrivenPlayers(
  db: Database,
  client: pg.ClientBase,
  count: number,
  signedInAt: Date,
): Promise<SeededPlayer[]> {
  const before = await seedIds(client);
  await seedPlayers(db, { count, weeksPlayed: 0, activeRate: 1 });
  const ids = [...(await seedIds(client))].filter((id) => !before.has(id));
  const players = ids.map((playerId) => ({
    playerId,
    sessionId: randomBytes(32).toString('base64url'),
  }));
  const expiresAt = new Date(signedInAt.getTime() + 7 * 24 * 3_600_000);
  for (let start = 0; start < players.length; start += 10_000) {
    const batch = players.slice(start, start + 10_000);
    await client.query(
      `insert into sessions (id_hash, player_id, access_token, created_at, last_seen_at, expires_at)
       select h, p, 'bench', $3, $3, $4 from unnest($1::text[], $2::uuid[]) as s(h, p)`,
      [
        batch.map((p) => createHash('sha256').update(p.sessionId).digest('hex')),
        batch.map((p) => p.playerId),
        signedInAt,
        expiresAt,
      ],
    );
  }
  return players;
}
