// Threads' side of the Spaces port (spaces/context.ts SpaceThreads), wired by services/app:
// moving a thread into a Space and taking it out, and a Space's thread list. Spaces has checked
// the Space already; here the thread is read once (with, for a visitor's thread, its claim: it
// says both whether the thread is kept and whether it is the caller's), the thread's rules
// decide (space-decide.ts), and the thread after the move is made from that row and the state
// the append left, not read again. The caller is the request's session user, asked once.
import type { ActorUser, Actor as RequestActor } from '../shared/actor.js';
import type { BookmarkState, CollectionInfo } from '../../generated/sdk/types.gen.js';
import type { SpaceThreads, ThreadMove } from '../spaces/index.js';
import type { ThreadsContext } from './context.js';
import { isExpired } from './decide.js';
import type { ThreadState } from './events.js';
import { threadErrors } from './errors.js';
import { claimerOf, entriesOf, findThreadRow, type ThreadRow } from './queries.js';
import { asStarted, mayRead } from './read-access.js';
import { decideAddToSpace, decideRemoveFromSpace } from './space-decide.js';
import { spaceThreadList } from './space-listing.js';
import { decideAndAppendFrom } from './use-cases.js';
import { threadView } from './views.js';
import type { DomainError } from '../shared/domain-error.js';

/** The port, on the context services/app builds (asked when called: the context holds the port). */
export function spaceThreadsOf(context: () => ThreadsContext): SpaceThreads {
  return {
    movable: (actor, entryUuid) => movable(context(), actor, entryUuid),
    takeOut: (actor, cmd) => takeOut(context(), actor, cmd),
    page: (spaceUuid, readerId, page) => spaceThreadList(context().db, spaceUuid, readerId, page),
  };
}

/** The signed-in caller and the thread of `key` as its rules see them; `refusal` for a caller not signed in. */
async function callerAndThread(ctx: ThreadsContext, actor: RequestActor, key: string, refusal: () => DomainError) {
  const user = await actor.user();
  if (!user) throw refusal();
  const thread = await findThreadRow(ctx.db, key);
  if (!thread) throw threadErrors.threadNotFound();
  const claimer = thread.owner_visitor_id ? await claimerOf(ctx.db, thread.owner_visitor_id) : null;
  // The visitor ids the rules look at: this thread's, when the caller claimed its visitor.
  const who = { user_id: user.id, visitor_ids: claimer === user.id ? [thread.owner_visitor_id!] : [], visitor_id: actor.visitorId };
  return { user, thread, claimed: claimer !== null, who };
}

async function movable(ctx: ThreadsContext, actor: RequestActor, entryUuid: string): Promise<ThreadMove> {
  const { user, thread, claimed, who } = await callerAndThread(ctx, actor, entryUuid, threadErrors.notOwnerToAddToSpace);
  // As readableThread: unknown or expired 404, unreadable 403; then only its owner moves it.
  if (!claimed && isExpired(asStarted(thread), ctx.now())) throw threadErrors.threadNotFound();
  const { owner, readable } = await mayRead(ctx.db, thread, who);
  if (!readable) throw threadErrors.threadPrivate();
  if (!owner) throw threadErrors.notOwnerToAddToSpace();
  return {
    async into(spaceUuid, opts) {
      const { cursor } = await decideAndAppendFrom(ctx.store, thread.context_uuid, (state) => ({
        events: decideAddToSpace(state, {
          viewer: who,
          collection_uuid: spaceUuid,
          enterprise: !!user.org_uuid,
          articleMode: opts.articleMode,
          now: ctx.now(),
        }),
        result: undefined,
      }));
      const after = rowAfter(thread, cursor.state);
      const bookmark_state = await ctx.bookmarks.stateOf(user.id, after);
      return opts.shownIn
        ? { bookmark_state, thread: await ownThreadView(ctx, after, { user, claimed, bookmark_state, shownIn: opts.shownIn }) }
        : { bookmark_state };
    },
  };
}

async function takeOut(ctx: ThreadsContext, actor: RequestActor, cmd: { entryUuid: string; spaceUuid: string; spaceAdmin: boolean }) {
  const { user, thread, who } = await callerAndThread(ctx, actor, cmd.entryUuid, threadErrors.notOwnerToTakeOut);
  const { cursor } = await decideAndAppendFrom(ctx.store, thread.context_uuid, (state) => ({
    events: decideRemoveFromSpace(state, { viewer: who, collection_uuid: cmd.spaceUuid, spaceAdmin: cmd.spaceAdmin, now: ctx.now() }),
    result: undefined,
  }));
  return { bookmark_state: await ctx.bookmarks.stateOf(user.id, rowAfter(thread, cursor.state)) };
}

/** The row as the append left it: what a move changes (its Space, its access) from the thread's state. */
const rowAfter = (row: ThreadRow, state: ThreadState): ThreadRow => ({
  ...row,
  title: state.started?.title ?? row.title,
  thread_access: state.thread_access ?? row.thread_access,
  collection_uuid: state.collection_uuid,
});

/** The caller's own thread as getThread answers it: its author is the caller, its Space the one it moved into. */
async function ownThreadView(
  ctx: ThreadsContext,
  thread: ThreadRow,
  f: { user: ActorUser; claimed: boolean; bookmark_state: BookmarkState; shownIn: CollectionInfo },
) {
  return threadView(thread, await entriesOf(ctx.db, thread.context_uuid), {
    isOwner: true,
    claimed: f.claimed,
    author: { id: f.user.id, username: f.user.name },
    ownerEnterprise: !!f.user.org_uuid,
    bookmark_state: f.bookmark_state,
    collection_info: f.shownIn,
  });
}
