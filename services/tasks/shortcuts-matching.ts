// The person's shortcuts the ask box suggests (issue 36, 'Shortcuts'): active ones whose name or
// prompt holds what is typed, newest first. The owner is named in the query: nobody else's is found.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

const likeFragment = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function shortcutsMatching(db: Db, ownerId: string, text: string, limit: number) {
  const pattern = `%${likeFragment(text.trim())}%`;
  return own(db)
    .selectFrom('tasks')
    .select(['task_id', 'title', 'prompt'])
    .where('owner_id', '=', ownerId)
    .where('task_type', '=', sql.lit('SHORTCUT'))
    .where('status', '=', sql.lit('ACTIVE'))
    .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('prompt', 'ilike', pattern)]))
    .orderBy('created_at', 'desc')
    .orderBy('task_id')
    .limit(limit)
    .execute();
}
