// Reads of a person's memories from their read models. Every read names the person: another
// person's memory is never found.
import { sql } from 'kysely';
import { type Db, preparedBuilt } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';

export type MemoryRow = {
  memory_key: string;
  content: string;
  origin: 'answer' | 'manual';
  from_entry_uuid: string | null;
  verdict: 'helpful' | 'not_helpful' | null;
  should_forget: boolean;
  feedback_type: string | null;
  feedback_comment: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = [
  'memory_key',
  'content',
  'origin',
  'from_entry_uuid',
  'verdict',
  'should_forget',
  'feedback_type',
  'feedback_comment',
  'created_at',
  'updated_at',
] as const;

/** `%`, `_` and `\` in what people type match themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the person's memories, newest first, with how many match in all. */
export async function listMemories(db: Db | Trx, userId: string, opts: { limit: number; offset: number; query?: string }) {
  let q = db.selectFrom('memories').where('user_id', '=', userId);
  const text = opts.query?.trim();
  if (text) q = q.where(sql<boolean>`content ilike ${likePattern(text)}`);
  const [rows, count] = await Promise.all([
    q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('memory_key').limit(opts.limit).offset(opts.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemoryRow[], total: Number(count.n) };
}

export async function memoryOf(db: Db | Trx, userId: string, key: string) {
  const row = await db.selectFrom('memories').select(COLUMNS).where('user_id', '=', userId).where('memory_key', '=', key).executeTakeFirst();
  return row as MemoryRow | undefined;
}

/** Whether answers may use the person's memories (on until they turn it off). */
export async function memoriesEnabled(db: Db | Trx, userId: string) {
  const row = await preparedBuilt(db.selectFrom('memory_switches').select('enabled').where('user_id', '=', userId)).executeTakeFirst();
  return row?.enabled ?? true;
}

/**
 * The memories answers may use: not marked not helpful, not to be forgotten, and none while the
 * person has memories off. One round trip: it runs before every signed-in answer's sources.
 */
export async function usableMemories(db: Db | Trx, userId: string) {
  const rows = await preparedBuilt(
    db
      .selectFrom('memories')
      .select(['memory_key', 'content', 'created_at'])
      .where('user_id', '=', userId)
      .where('should_forget', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('memory_switches').select('user_id').where('memory_switches.user_id', '=', userId).where('enabled', '=', false))),
      )
      .where((eb) => eb.or([eb('verdict', 'is', null), eb('verdict', '!=', 'not_helpful')]))
      .orderBy('created_at', 'desc')
      .limit(500),
  ).execute();
  return rows;
}
