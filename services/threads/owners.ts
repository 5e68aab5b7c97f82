// Whose threads and answers these are, for the domains that count them by person (an
// organisation's insights, services/orgs/insights.ts): one read for a batch of threads, one for an answer.
import { sql } from 'kysely';
import { type Db, preparedBuilt } from '../db/database.js';
import { own } from './tables.js';

export type ThreadOwner = { owner_user_id: string | null; collection_uuid: string | null };

/** The owner and Space of each of these threads, by context uuid (a thread not found is missing). */
export async function threadOwnersOf(db: Db, contextUuids: readonly string[]): Promise<Map<string, ThreadOwner>> {
  const wanted = [...new Set(contextUuids)];
  if (!wanted.length) return new Map();
  const rows = await own(db).selectFrom('threads').select(['context_uuid', 'owner_user_id', 'collection_uuid']).where('context_uuid', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.context_uuid, { owner_user_id: r.owner_user_id, collection_uuid: r.collection_uuid }]));
}

/** The owner of an answer's thread and how many sources the answer had, or undefined. */
export async function answerOwnerOf(db: Db, backendUuid: string): Promise<{ owner_user_id: string | null; source_count: number } | undefined> {
  // Read for each answer an organisation's insights count: planned once per connection.
  return preparedBuilt(
    own(db)
      .selectFrom('thread_entries')
      .innerJoin('threads', 'threads.context_uuid', 'thread_entries.context_uuid')
      .select(['threads.owner_user_id', sql<number>`jsonb_array_length(thread_entries.sources)`.as('source_count')])
      .where('thread_entries.backend_uuid', '=', backendUuid),
  ).executeTakeFirst();
}
