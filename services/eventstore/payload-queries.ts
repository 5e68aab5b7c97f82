// Events found by what their payloads say, for the steps that must find a person's data in the
// log itself (an account's deletion: the read models of what was deleted are gone by then).
// Payloads are matched as stored, each in the version it was written in, as the erasure reads them.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';
import type { Trx } from './types.js';

/** Each key a payload field (a dotted path into nested objects) whose text equals the value, or one of the values. */
export type PayloadMatch = Readonly<Record<string, string | readonly string[]>>;

/** Events of one type: whose payload matches one of `matching` when it is given, in `streams` when they are given. */
export type EventQuery = { type: string; matching?: readonly PayloadMatch[]; streams?: readonly string[] };

const field = (path: string) => sql<string | null>`data #>> ${path.split('.')}::text[]`;

const fieldIs = (path: string, value: string | readonly string[]) =>
  typeof value === 'string' ? sql<boolean>`${field(path)} = ${value}` : sql<boolean>`${field(path)} = any(${[...value]}::text[])`;

function matches(match: PayloadMatch) {
  const conditions = Object.entries(match).map(([path, value]) => fieldIs(path, value));
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` and `)})` : sql<boolean>`true`;
}

function found(db: Db | Trx, q: EventQuery) {
  let query = own(db).selectFrom('events').where('type', '=', q.type);
  if (q.streams) query = query.where(sql<boolean>`stream_id = any(${[...q.streams]}::text[])`);
  if (q.matching) query = query.where(q.matching.length ? sql<boolean>`(${sql.join(q.matching.map(matches), sql` or `)})` : sql<boolean>`false`);
  return query;
}

/** The streams that hold such an event, each once. */
export async function streamsWith(db: Db | Trx, q: EventQuery): Promise<string[]> {
  if (q.streams?.length === 0) return [];
  return (await found(db, q).select('stream_id').distinct().execute()).map((r) => r.stream_id);
}

/** The text of `fields` (as `data->>field` reads it: null where absent) in each such event's payload. */
export async function payloadFields<F extends string>(db: Db | Trx, q: EventQuery, fields: readonly F[]): Promise<Record<F, string | null>[]> {
  if (q.streams?.length === 0) return [];
  const rows = await found(db, q)
    .select(fields.map((f) => field(f).as(f)))
    .execute();
  return rows as unknown as Record<F, string | null>[];
}
