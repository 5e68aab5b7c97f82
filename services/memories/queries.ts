// Reads of a person's memories from their read models. Every read names the person: another
// person's memory is never found.
import { CompiledQuery, sql } from 'kysely';
import { type Db, prepared, preparedBuilt } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import { own } from './tables.js';

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
  let q = own(db).selectFrom('memories').where('user_id', '=', userId);
  const text = opts.query?.trim();
  if (text) q = q.where(sql<boolean>`content ilike ${likePattern(text)}`);
  const [rows, count] = await Promise.all([
    q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('memory_key').limit(opts.limit).offset(opts.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemoryRow[], total: Number(count.n) };
}

export async function memoryOf(db: Db | Trx, userId: string, key: string) {
  const row = await own(db).selectFrom('memories').select(COLUMNS).where('user_id', '=', userId).where('memory_key', '=', key).executeTakeFirst();
  return row as MemoryRow | undefined;
}

/** Whether answers may use the person's memories (on until they turn it off). */
export async function memoriesEnabled(db: Db | Trx, userId: string) {
  const row = await preparedBuilt(own(db).selectFrom('memory_switches').select('enabled').where('user_id', '=', userId)).executeTakeFirst();
  return row?.enabled ?? true;
}

export type UsableMemory = { memory_key: string; content: string; created_at: Date | string };

/**
 * What an answer may draw on, read before every signed-in answer's sources in one round trip:
 * whether the person has memories on, and then the memories answers may use (not marked not
 * helpful, not to be forgotten), newest first. Its text is fixed, so it is neither built nor
 * planned again on each call.
 */
export async function memoriesForAnswers(db: Db | Trx, userId: string): Promise<{ enabled: boolean; usable: UsableMemory[] }> {
  const { rows } = await db.executeQuery<{ enabled: boolean } & { [K in keyof UsableMemory]: UsableMemory[K] | null }>(
    CompiledQuery.raw(MEMORIES_FOR_ANSWERS, [userId]),
  );
  const enabled = rows[0]?.enabled ?? true;
  const usable = rows.flatMap((r) => (r.memory_key === null ? [] : [{ memory_key: r.memory_key, content: r.content ?? '', created_at: r.created_at ?? '' }]));
  return { enabled, usable };
}

const MEMORIES_FOR_ANSWERS = `${prepared('memories_for_answers')}
  with person as (select $1::text as id),
  switch as (select coalesce((select m.enabled from memory_switches m, person where m.user_id = person.id), true) as enabled)
  select switch.enabled, u.memory_key, u.content, u.created_at
  from switch left join lateral (
    select m.memory_key, m.content, m.created_at from memories m, person
    where m.user_id = person.id and not m.should_forget and (m.verdict is null or m.verdict <> 'not_helpful') and switch.enabled
    order by m.created_at desc limit 500) u on true`;
