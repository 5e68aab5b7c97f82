// The full-text index's pending postings merged into the index (migration 0043): a file's
// transaction leaves its postings in GIN's pending list, and this merges them right after, off
// that transaction. GIN itself keeps concurrent merges apart, so any instance may call it.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export async function mergePendingPostings(db: Db): Promise<number> {
  const { rows } = await sql<{ pages: string }>`select gin_clean_pending_list('passages_keys_idx'::regclass)::text as pages`.execute(db);
  return Number(rows[0]?.pages ?? 0);
}
