import type { AuditEntry } from '#shared/contracts/organise';
import type { AUDIT_ENTITIES } from '#shared/contracts/organise';
import type { Database } from '../../../db/client';
import type { PlayerRow } from '../../players/repository';
import * as repo from './repository';

/** The organiser who makes a change, as the audit log records them. */
export type Actor = Pick<PlayerRow, 'id' | 'name' | 'givenName' | 'familyName' | 'email'>;

/** A person's name for lists and exports: the full name, else given + family, else the email. */
export function displayName(person: Omit<Actor, 'id'>): string {
  const parts = [person.givenName, person.familyName].filter(Boolean).join(' ');
  return person.name ?? (parts || person.email || '—');
}

export interface Change {
  /** e.g. 'team.update': the entity type, a dot, what happened. */
  action: string;
  entityType: (typeof AUDIT_ENTITIES)[number];
  entityId: string | number;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** Records a change; call it inside the transaction that makes the change. */
export async function writeAudit(tx: Database, actor: Actor, change: Change, at: Date) {
  await repo.insertAuditEntry(tx, {
    actorId: actor.id,
    actorName: displayName(actor),
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    // Through JSON, so that dates are stored as the ISO strings the API shows.
    before: change.before === undefined ? null : JSON.parse(JSON.stringify(change.before)),
    after: change.after === undefined ? null : JSON.parse(JSON.stringify(change.after)),
    reason: change.reason ?? null,
    at,
  });
}

export async function auditPage(
  db: Database,
  query: {
    page: number;
    pageSize: number;
    entityType?: string | undefined;
    entityId?: string | undefined;
  },
) {
  const { total, rows } = await repo.listAuditEntries(
    db,
    query,
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    entityType: row.entityType as AuditEntry['entityType'],
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    reason: row.reason,
  }));
  return { total, page: query.page, pageSize: query.pageSize, entries };
}
