// What the ask box suggests from the person's own threads (issue 36): their earlier questions and
// the follow-ups the engine offered on them that hold what is being typed. Only answered entries of
// threads that are not incognito, and only the newest few hundred, so one lookup stays one short
// range of thread_entries_owner_answered_idx however many threads the person keeps.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** How many of the person's newest answered entries a lookup reads. */
export const ASKED_BEFORE_WINDOW = 300;

/** `text` as a literal ILIKE pattern fragment: %, _ and \ lose their meaning. */
export const likeFragment = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const newest = (db: Db, userId: string) =>
  own(db)
    .selectFrom('thread_entries')
    .select(['query_str', 'related_questions', 'updated_at'])
    .where('owner_user_id', '=', userId)
    .where('incognito', '=', sql.lit(false))
    .where('status', '=', sql.lit('completed'))
    .orderBy('updated_at', 'desc')
    .limit(ASKED_BEFORE_WINDOW);

/** The person's own earlier questions holding `text`, newest first, each once. */
export async function ownQuestionsMatching(db: Db, userId: string, text: string, limit: number): Promise<string[]> {
  const pattern = `%${likeFragment(text.trim())}%`;
  const rows = await own(db)
    .selectFrom(newest(db, userId).as('e'))
    .select((eb) => ['e.query_str', eb.fn.max('e.updated_at').as('last')])
    .where('e.query_str', 'ilike', pattern)
    .groupBy('e.query_str')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.query_str);
}

/** The related questions offered on the person's threads that hold `text`, newest first, each once. */
export async function relatedQuestionsMatching(db: Db, userId: string, text: string, limit: number): Promise<string[]> {
  const pattern = `%${likeFragment(text.trim())}%`;
  const rows = await sql<{ question: string }>`
    select q.question from (${newest(db, userId)}) e
    cross join lateral jsonb_array_elements_text(e.related_questions) as q(question)
    where q.question ilike ${pattern}
    group by q.question order by max(e.updated_at) desc limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.question);
}
