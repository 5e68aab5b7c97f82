// A person's threads as their data rights see them (services/rights): the ones their export holds
// with every question and answer, and the ones deleting their account removes.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** Threads the person owns: asked signed in, or as one of the visitors they claimed. */
const ownedBy = (db: Db, userId: string, visitorIds: readonly string[]) =>
  own(db)
    .selectFrom('threads')
    .where((eb) => eb.or([eb('owner_user_id', '=', userId), ...(visitorIds.length ? [eb('owner_visitor_id', 'in', visitorIds)] : [])]));

/** The context uuids of the threads the person owns. */
export async function threadUuidsOwnedBy(db: Db, userId: string, visitorIds: readonly string[]): Promise<string[]> {
  return (await ownedBy(db, userId, visitorIds).select('context_uuid').execute()).map((t) => t.context_uuid);
}

/** The threads the person owns, oldest first, each with its entries in order. */
export async function threadsForExport(db: Db, userId: string, visitorIds: readonly string[]) {
  const threads = await ownedBy(db, userId, visitorIds)
    .select(['context_uuid', 'thread_url_slug', 'title', 'thread_access', 'collection_uuid', 'created_at'])
    .orderBy('created_at')
    .execute();
  const uuids = threads.map((t) => t.context_uuid);
  const entries = uuids.length
    ? await own(db)
        .selectFrom('thread_entries')
        .select(['context_uuid', 'query_str', 'answer', 'status', 'sources', 'related_questions', 'created_at'])
        .where(sql<boolean>`context_uuid = any(${uuids}::text[])`)
        .orderBy('context_uuid')
        .orderBy('position')
        .execute()
    : [];
  const byThread = new Map(threads.map((t) => [t.context_uuid, [] as typeof entries]));
  for (const e of entries) byThread.get(e.context_uuid)!.push(e);
  return threads.map((t) => ({ ...t, entries: byThread.get(t.context_uuid)! }));
}

/** The titles of the threads still there among `contextUuids`, by context uuid. */
export async function threadTitlesOf(db: Db, contextUuids: readonly string[]): Promise<Map<string, string>> {
  if (!contextUuids.length) return new Map();
  const rows = await own(db)
    .selectFrom('threads')
    .select(['context_uuid', 'title'])
    .where(sql<boolean>`context_uuid = any(${[...contextUuids]}::text[])`)
    .execute();
  return new Map(rows.map((t) => [t.context_uuid, t.title]));
}
