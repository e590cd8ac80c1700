import { z } from 'zod';

/**
 * Teams and sales teams are PostgreSQL `integer` rows: an id above 2^31 − 1 names nothing, and
 * the database would refuse to even compare it (a 500), so the contract refuses it first.
 */
export const MAX_ROW_ID = 2 ** 31 - 1;
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);
/** The same, from a path or query string. */
export const rowIdTextSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
