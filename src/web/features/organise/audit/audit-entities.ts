import type { AuditEntry } from '#shared/contracts/organise';

/**
 * What the audit log can be filtered by (AUDIT_ENTITIES in contracts/organise.ts, which brings
 * zod with it); the type keeps the two lists the same.
 */
const ENTITY_SET = {
  season: 0,
  team: 1,
  'sales-team': 2,
  question: 3,
  week: 4,
  player: 5,
} satisfies Record<AuditEntry['entityType'], number>;

export const AUDIT_ENTITIES = Object.keys(ENTITY_SET) as AuditEntry['entityType'][];
