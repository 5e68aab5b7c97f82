import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { type Db, preparedBuilt } from '../db/database.js';
import { visitorClaimOf } from '../identity/index.js';
import type { Actor, ActorFacts } from '../shared/actor.js';
import type { SearchMode } from './events.js';
import { own } from './tables.js';

/** A thread by slug, context_uuid or one of its entries' backend_uuid. */
export async function findThreadRow(db: Db, key: string) {
  const byThread = await own(db)
    .selectFrom('threads')
    .selectAll()
    .where((eb) => eb.or([eb('thread_url_slug', '=', key), eb('context_uuid', '=', key)]))
    .executeTakeFirst();
  if (byThread) return byThread;
  return own(db)
    .selectFrom('thread_entries as e')
    .innerJoin('threads as t', 't.context_uuid', 'e.context_uuid')
    .selectAll('t')
    .where('e.backend_uuid', '=', key)
    .executeTakeFirst();
}

export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThreadRow>>>;

const threadRow = compiledOnce(1, (db, contextUuid: string) =>
  preparedBuilt(own(db).selectFrom('threads').select(['context_uuid', 'collection_uuid']).where('context_uuid', '=', contextUuid)),
);

/** Whether the thread is there (not deleted, or never started): one indexed read. */
export async function threadExists(db: Db, contextUuid: string) {
  return (await threadRow(db, contextUuid)).length > 0;
}

/** The thread's Space (null when in none), or undefined when there is no such thread: one indexed read. */
export async function threadSpaceOf(db: Db, contextUuid: string): Promise<string | null | undefined> {
  const [row] = await threadRow(db, contextUuid);
  return row ? row.collection_uuid : undefined;
}

/** The account that claimed a visitor's work, or null. */
export async function claimerOf(db: Db, visitorId: string) {
  return (await visitorClaimOf(db, visitorId))?.user_id ?? null;
}

/** Whether the account that claimed the thread's visitor keeps it (then it does not expire). */
export async function isClaimed(db: Db, thread: ThreadRow) {
  return !!thread.owner_visitor_id && (await claimerOf(db, thread.owner_visitor_id)) !== null;
}

/** An entry the caller found a moment ago, as it is now. */
export async function entryRow(db: Db, backendUuid: string) {
  return own(db).selectFrom('thread_entries').selectAll().where('backend_uuid', '=', backendUuid).executeTakeFirstOrThrow();
}

/** How many threads were forked from this one (the article's fork_count). */
export async function forkCountOf(db: Db, contextUuid: string) {
  const row = await own(db)
    .selectFrom('threads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('forked_from', '=', contextUuid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function entriesOf(db: Db, contextUuid: string) {
  return own(db).selectFrom('thread_entries').selectAll().where('context_uuid', '=', contextUuid).orderBy('position').execute();
}

/**
 * The person's own recent answered questions, newest first, outside incognito threads and
 * outside `exceptContext` (the thread being answered): the earlier conversation a personalised
 * answer may draw on (services/memories/sources.ts).
 */
export async function ownAnsweredEntries(db: Db, userId: string, exceptContext: string | null, limit = 200) {
  const n = Math.max(1, Math.trunc(limit));
  return exceptContext ? ownAnsweredOutside(n)(db, userId, exceptContext) : ownAnswered(n)(db, userId);
}

const answeredOf = (db: Db, userId: string) =>
  own(db)
    .selectFrom('thread_entries as e')
    .innerJoin('threads as t', 't.context_uuid', 'e.context_uuid')
    .select(['e.backend_uuid', 'e.query_str', 'e.answer', 'e.updated_at', 't.thread_url_slug', 't.title'])
    // The entry's own copies of its thread's owner and incognito: one range of
    // thread_entries_owner_answered_idx, newest first, however many threads the person has.
    // Its conditions written in, not parameters, so that a prepared plan can use the partial
    // index: with parameters each call was planned again (planning cost more than running it).
    .where('e.owner_user_id', '=', userId)
    .where('e.incognito', '=', sql.lit(false))
    .where('e.status', '=', sql.lit('completed'));

// Each limit's statement built once (compiledOnce): it runs before every signed-in answer.
const ownAnswered = memoized((n: number) =>
  compiledOnce(1, (db, userId: string) => preparedBuilt(answeredOf(db, userId).orderBy('e.updated_at', 'desc').limit(sql.lit(n)))),
);
const ownAnsweredOutside = memoized((n: number) =>
  compiledOnce(2, (db, userId: string, exceptContext: string) =>
    preparedBuilt(answeredOf(db, userId).where('e.context_uuid', '!=', exceptContext).orderBy('e.updated_at', 'desc').limit(sql.lit(n))),
  ),
);

function memoized<K, V>(make: (key: K) => V) {
  const made = new Map<K, V>();
  return (key: K) => {
    let v = made.get(key);
    if (v === undefined) made.set(key, (v = make(key)));
    return v;
  };
}

/** How an entry stands (its status, and its error once failed), with its thread's slug; undefined once deleted. */
export async function entryOutcomeOf(db: Db, backendUuid: string) {
  const [entry] = await entryOutcome(db, backendUuid);
  return entry as typeof entry | undefined;
}

// Prepared, built once: a task's run and an answer waited on elsewhere ask it again and again.
const entryOutcome = compiledOnce(1, (db, backendUuid: string) =>
  preparedBuilt(
    own(db)
      .selectFrom('thread_entries as e')
      .innerJoin('threads as t', 't.context_uuid', 'e.context_uuid')
      .select(['e.status', 'e.error', 'e.context_uuid', 'e.query_str', 't.thread_url_slug'])
      .where('e.backend_uuid', '=', backendUuid),
  ),
);

export async function findEntry(db: Db, backendUuid: string) {
  return own(db)
    .selectFrom('thread_entries as e')
    .innerJoin('threads as t', 't.context_uuid', 'e.context_uuid')
    .select(['e.backend_uuid', 'e.context_uuid', 'e.status', 'e.model', 'e.search_filters', 't.thread_url_slug', 't.frontend_context_uuid'])
    .where('e.backend_uuid', '=', backendUuid)
    .executeTakeFirst();
}

/** Entries still pending: at start, each gets its workflow (a no-op when it already has one). */
export async function pendingEntries(db: Db) {
  const rows = await own(db)
    .selectFrom('thread_entries as e')
    .innerJoin('threads as t', 't.context_uuid', 'e.context_uuid')
    // Only a thread's owner asks in it, so the owner is the asker whose sources are searched.
    .select(['e.backend_uuid', 'e.context_uuid', 'e.query_str', 'e.search_mode', 'e.model', 'e.search_filters', 't.owner_user_id', 't.collection_uuid'])
    .where('e.status', '=', 'pending')
    .execute();
  return rows.map((r) => ({ ...r, search_mode: r.search_mode as SearchMode }));
}

/**
 * The visitor ids of `viewer` (as Actor.facts gives them) whose threads a claim keeps: a signed-in
 * viewer's are the ones they claimed, all of them; a browser's own once it was claimed.
 */
const keptVisitorIds = (viewer: ActorFacts) => (viewer.user_id || viewer.claimed_at ? viewer.visitor_ids : []);

/** The library: the viewer's kept, unexpired, non-incognito threads, newest first. */
export async function listLibrary(db: Db, actor: Actor, opts: { q?: string; limit: number; offset: number; now: Date }) {
  const viewer = await actor.facts();
  const kept = keptVisitorIds(viewer);
  let query = threadsFrom(db)
    .where('t.incognito', '=', false)
    .where((eb) =>
      eb.or([
        ...(viewer.user_id ? [eb('t.owner_user_id', '=', viewer.user_id)] : []),
        ...(viewer.visitor_ids.length ? [eb('t.owner_visitor_id', 'in', viewer.visitor_ids)] : []),
        eb.val(false),
      ]),
    )
    // Signed out in a claimed browser: only what was asked after the claim.
    .where((eb) => (!viewer.user_id && viewer.claimed_at ? eb('t.created_at', '>=', new Date(viewer.claimed_at)) : eb.val(true)))
    // A claimed visitor's threads are kept; an unclaimed one's expire. (Only visitors' threads
    // expire, and the viewer's claims were read with the viewer: no claim is read per thread.)
    .where((eb) =>
      eb.or([eb('t.expiry_time', 'is', null), eb('t.expiry_time', '>', opts.now), ...(kept.length ? [eb('t.owner_visitor_id', 'in', kept)] : [])]),
    );
  const q = opts.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('thread_entries as e')
          .select('e.backend_uuid')
          .whereRef('e.context_uuid', '=', 't.context_uuid')
          .where((w) =>
            w.or([
              w(sql`to_tsvector('english', e.query_str || ' ' || e.answer)`, '@@', sql`websearch_to_tsquery('english', ${q})`),
              w('e.query_str', 'ilike', like),
              w('e.answer', 'ilike', like),
            ]),
          ),
      ),
    );
  }
  return threadPage(query, opts.limit, opts.offset);
}

export const threadsFrom = (db: Db) => own(db).selectFrom('threads as t');
type ThreadQuery = ReturnType<typeof threadsFrom>;

/** A page of threads (newest change first, with their latest answer) and how many match. */
export async function threadPage(query: ThreadQuery, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    query
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('thread_entries as l')
          .select('l.answer')
          .whereRef('l.context_uuid', '=', 't.context_uuid')
          .orderBy('l.position', 'desc')
          .limit(1)
          .as('latest_answer'),
      )
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.context_uuid')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(total), rows };
}
