import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Promise.all for independent reads, with a transaction's rule: on the pool each read takes a
 * connection of its own and they run side by side; in a transaction, which holds one connection,
 * they run one after the other, since node-postgres must not be handed a query while its
 * connection runs another (deprecated in pg 8, refused from pg 9). Functions that read with
 * `db: Database` may be given either.
 */
export async function sideBySide<T extends readonly unknown[]>(
  db: Database,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
