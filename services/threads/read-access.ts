// Who is asking, and whether they may read a thread: the one place the read rule is applied, so
// the thread page, the article view and every per-entry call agree.
import type { Actor, ActorFacts } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import type { Db } from '../db/database.js';
import { orgOf } from '../identity/index.js';
import { readsSpace } from '../spaces/index.js';
import { canRead } from './access-rules.js';
import { isExpired, isOwner } from './decide.js';
import type { ThreadAccess, ThreadStarted } from './events.js';
import { threadErrors } from './errors.js';
import { findThreadRow, isClaimed, type ThreadRow } from './queries.js';
import { own } from './tables.js';

/**
 * Who asks a question. A new thread's asker is only the ids its events record: without the
 * visitor ids a user claimed, which only say who owns older threads (one query fewer before an
 * answer's first byte).
 */
export async function askerFacts(actor: Actor, isNew: boolean): Promise<ActorFacts & { visitor_id: string }> {
  const visitorId = actor.visitorId;
  if (isNew) return { user_id: await actor.userId(), visitor_ids: [visitorId], visitor_id: visitorId };
  return { ...(await actor.facts()), visitor_id: visitorId };
}

/**
 * The facts the read and owner rules need of `actor` for this thread. The claim time decides
 * only for a signed-out browser's own visitor thread, so it is asked only then: a visitor
 * reading someone else's thread costs no claim lookup.
 */
export async function threadFacts(actor: Actor, thread: Pick<ThreadRow, 'owner_user_id' | 'owner_visitor_id'>): Promise<ActorFacts> {
  const [user_id, visitor_ids] = await Promise.all([actor.userId(), actor.visitorIds()]);
  const claimDecides = !user_id && !thread.owner_user_id && !!thread.owner_visitor_id && visitor_ids.includes(thread.owner_visitor_id);
  return { user_id, visitor_ids, claimed_at: claimDecides ? await actor.claimedAt() : null, visitor_id: actor.visitorId };
}

async function isGrantedReader(db: Db, contextUuid: string, userId: string | null) {
  if (!userId) return false;
  return !!(await own(db)
    .selectFrom('thread_readers')
    .select('user_id')
    .where('context_uuid', '=', contextUuid)
    .where('user_id', '=', userId)
    .executeTakeFirst());
}

/** Whether `who` may read the thread: the owner, or by its access (access-rules.ts). */
export async function mayRead(db: Db, thread: ThreadRow, who: ActorFacts) {
  const owner = isOwner(asStarted(thread), who);
  const access = thread.thread_access as ThreadAccess;
  if (owner || access === 'public read') return { owner, readable: true };
  if (access === 'owner-only' || !who.user_id) return { owner, readable: false };
  const [granted, viewerOrg, ownerOrg, inThreadSpace] = await Promise.all([
    isGrantedReader(db, thread.context_uuid, who.user_id),
    orgOf(db, who.user_id),
    orgOf(db, thread.owner_user_id),
    access === 'collection read' && thread.collection_uuid ? readsSpace(db, thread.collection_uuid, who.user_id) : false,
  ]);
  const readable = canRead({ access, isOwner: owner, isGrantedReader: granted, sameOrg: !!viewerOrg && viewerOrg === ownerOrg, inThreadSpace });
  return { owner, readable };
}

/** A thread that exists and has not expired, or 404. */
export async function liveThread(ctx: KernelContext, key: string) {
  const thread = await findThreadRow(ctx.db, key);
  if (!thread) throw threadErrors.threadNotFound();
  const claimed = await isClaimed(ctx.db, thread);
  if (!claimed && isExpired(asStarted(thread), ctx.now())) throw threadErrors.threadNotFound();
  return { thread, claimed };
}

/** A thread the actor may read, or 404 (unknown or expired) / 403 thread_private, never its content. */
export async function readableThread(ctx: KernelContext, key: string, actor: Actor) {
  const { thread, claimed } = await liveThread(ctx, key);
  const { owner, readable } = await mayRead(ctx.db, thread, await threadFacts(actor, thread));
  if (!readable) throw threadErrors.threadPrivate();
  return { thread, claimed, isOwner: owner };
}

export function asStarted(t: ThreadRow): ThreadStarted['data'] {
  return {
    context_uuid: t.context_uuid,
    thread_url_slug: t.thread_url_slug,
    frontend_context_uuid: t.frontend_context_uuid,
    title: t.title,
    owner_user_id: t.owner_user_id,
    owner_visitor_id: t.owner_visitor_id,
    thread_access: t.thread_access as ThreadStarted['data']['thread_access'],
    incognito: t.incognito,
    expiry_time: t.expiry_time ? new Date(t.expiry_time).toISOString() : null,
    started_at: new Date(t.created_at).toISOString(),
  };
}
