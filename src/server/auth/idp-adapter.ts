import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { idpArtifacts } from '../db/schema';

/** oidc-provider's storage, in our database: the instances keep no state of their own. */
export function idpAdapterFactory(db: Database, clock: Clock) {
  const live = () =>
    sql`(${idpArtifacts.expiresAt} is null or ${idpArtifacts.expiresAt} > ${clock.now()})`;

  return (model: string): Adapter => {
    const findWhere = async (condition: ReturnType<typeof eq>) => {
      const [row] = await db
        .select({ payload: idpArtifacts.payload, consumedAt: idpArtifacts.consumedAt })
        .from(idpArtifacts)
        .where(and(eq(idpArtifacts.model, model), condition, live()));
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const now = clock.now();
        const values = {
          model,
          id,
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
        };
        await db
          .insert(idpArtifacts)
          .values(values)
          .onConflictDoUpdate({ target: [idpArtifacts.model, idpArtifacts.id], set: values });
        // Cheap housekeeping of this model's expired rows.
        await db
          .delete(idpArtifacts)
          .where(and(eq(idpArtifacts.model, model), lt(idpArtifacts.expiresAt, now)));
      },
      find: (id) => findWhere(eq(idpArtifacts.id, id)),
      findByUid: (uid) => findWhere(eq(idpArtifacts.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(idpArtifacts.userCode, userCode)),
      async consume(id) {
        await db
          .update(idpArtifacts)
          .set({ consumedAt: clock.now() })
          .where(and(eq(idpArtifacts.model, model), eq(idpArtifacts.id, id)));
      },
      async destroy(id) {
        await db
          .delete(idpArtifacts)
          .where(and(eq(idpArtifacts.model, model), eq(idpArtifacts.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db.delete(idpArtifacts).where(eq(idpArtifacts.grantId, grantId));
      },
    };
  };
}
