import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditLog } from '../../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditEntry(
  db: Database,
  row: Omit<typeof auditLog.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** A page of entries, newest first, and how many there are in all. */
export async function listAuditEntries(
  db: Database,
  filter: { entityType?: string | undefined; entityId?: string | undefined },
  offset: number,
  limit: number,
): Promise<{ total: number; rows: AuditRow[] }> {
  const conditions: SQL[] = [];
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { total: total!.n, rows };
}
