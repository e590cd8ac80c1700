import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { players } from '../../db/schema';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  locale: string | null;
  zoneinfo: string | null;
}

export type PlayerRow = typeof players.$inferSelect;

/** Creates the player on first sign-in; later sign-ins refresh the claims. Returns the id. */
export async function upsertPlayerFromClaims(
  db: Database,
  claims: IdentityClaims,
  now: Date,
): Promise<string> {
  const values = {
    oidcIssuer: claims.issuer,
    oidcSubject: claims.subject,
    email: claims.email,
    name: claims.name,
    givenName: claims.givenName,
    familyName: claims.familyName,
    locale: claims.locale,
    zoneinfo: claims.zoneinfo,
    lastSignInAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(players)
    .values(values)
    .onConflictDoUpdate({
      target: [players.oidcIssuer, players.oidcSubject],
      set: {
        email: sql`excluded.email`,
        name: sql`excluded.name`,
        givenName: sql`excluded.given_name`,
        familyName: sql`excluded.family_name`,
        locale: sql`excluded.locale`,
        zoneinfo: sql`excluded.zoneinfo`,
        lastSignInAt: now,
        updatedAt: now,
      },
    })
    .returning({ id: players.id });
  return row!.id;
}

export async function findPlayerById(db: Database, id: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}
