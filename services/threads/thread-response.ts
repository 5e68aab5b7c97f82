// The Thread as the API answers it: the read model plus who wrote it, whether it is published
// and the caller's bookmark.
import type { ThreadsContext } from './context.js';
import { claimerOf, entriesOf, type ThreadRow } from './queries.js';
import { orgOf, personOf } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import { threadView } from './views.js';
import { collectionInfoFor } from '../spaces/index.js';
import { visibleEntries } from './source-visibility.js';

export async function threadResponse(ctx: ThreadsContext, thread: ThreadRow, opts: { claimed: boolean; isOwner: boolean; actor: Actor }) {
  const userId = await opts.actor.userId();
  const ownerId = thread.owner_user_id ?? (thread.owner_visitor_id ? await claimerOf(ctx.db, thread.owner_visitor_id) : null);
  const [entries, author, ownerOrg, bookmark_state, collection_info] = await Promise.all([
    // A connector's source the reader may not read at its source is shown as not available.
    entriesOf(ctx.db, thread.context_uuid).then((entries) => visibleEntries(ctx.sourceAccess, userId, entries)),
    ownerId ? personOf(ctx.db, ownerId) : undefined,
    orgOf(ctx.db, ownerId),
    ctx.bookmarks.stateOf(userId, thread),
    collectionInfoFor(ctx.db, thread.collection_uuid, userId),
  ]);
  return threadView(thread, entries, {
    isOwner: opts.isOwner,
    claimed: opts.claimed,
    author: { id: author?.id ?? null, username: author?.name ?? null },
    ownerEnterprise: !!ownerOrg,
    bookmark_state,
    collection_info,
  });
}
