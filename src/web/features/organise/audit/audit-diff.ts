/**
 * What an audit entry changed, field by field: `before` and `after` are flattened to their
 * leaves (objects by key, lists by position) and only the leaves that differ are kept, so a
 * season update that moved one week reads as two dates rather than two whole calendars.
 */

export interface FieldChange {
  /** Keys from the root; list positions are numbers counted from 0. */
  path: (string | number)[];
  /** Absent when the field did not exist on that side (a creation, a removal). */
  before?: unknown;
  after?: unknown;
}

type Leaves = Map<string, { path: (string | number)[]; value: unknown }>;

function leaves(value: unknown, path: (string | number)[] = [], into: Leaves = new Map()): Leaves {
  const isList = Array.isArray(value);
  const isRecord = typeof value === 'object' && value !== null && !isList;
  const children: [string | number, unknown][] = isList
    ? value.map((item, index) => [index, item])
    : isRecord
      ? Object.entries(value)
      : [];
  // An empty list or object is a value of its own ('no sales teams'), not nothing.
  if (children.length === 0) into.set(JSON.stringify(path), { path, value });
  for (const [key, child] of children) leaves(child, [...path, key], into);
  return into;
}

/**
 * @example auditChanges({ name: 'A', weeks: [{ opensOn: '2025-03-10' }] }, { name: 'A', weeks: [{ opensOn: '2025-03-11' }] })
 *   // [{ path: ['weeks', 0, 'opensOn'], before: '2025-03-10', after: '2025-03-11' }]
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const old = before === null || before === undefined ? new Map() : leaves(before);
  const now = after === null || after === undefined ? new Map() : leaves(after);
  const changes: FieldChange[] = [];
  for (const [key, { path, value }] of old) {
    const next = now.get(key);
    if (!next) changes.push({ path, before: value });
    else if (JSON.stringify(next.value) !== JSON.stringify(value))
      changes.push({ path, before: value, after: next.value });
  }
  for (const [key, { path, value }] of now) {
    if (!old.has(key)) changes.push({ path, after: value });
  }
  return changes;
}

/**
 * A path as people read it, positions counted from 1: weeks › 6 › opensOn.
 * @example pathLabel(['weeks', 5, 'opensOn']) // 'weeks › 6 › opensOn'
 */
export function pathLabel(path: (string | number)[]): string {
  return path.map((key) => (typeof key === 'number' ? String(key + 1) : key)).join(' › ');
}

/** A leaf value as text: strings as they are, everything else as JSON. */
export function valueLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return '∅';
  return JSON.stringify(value);
}
