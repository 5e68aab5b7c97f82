// The Thread as the API answers it: the read model plus who wrote it, whether it is published
// and the caller's bookmark.
import type { AppContext } from '../app/context.js';
import { bookmarkStateOf } from '../bookmarks/queries.js';
import { entriesOf, type ThreadRow } from './queries.js';
import { orgOf, type Who } from './read-access.js';
import { threadView } from './views.js';

export async function threadResponse(ctx: AppContext, thread: ThreadRow, opts: { claimed: boolean; isOwner: boolean; who: Who }) {
  const ownerId = thread.owner_user_id ?? (thread.owner_visitor_id ? await claimerOf(ctx, thread.owner_visitor_id) : null);
  const [entries, author, ownerOrg, bookmark_state] = await Promise.all([
    entriesOf(ctx.db, thread.context_uuid),
    ownerId ? ctx.db.selectFrom('user').select(['id', 'name']).where('id', '=', ownerId).executeTakeFirst() : undefined,
    orgOf(ctx.db, ownerId),
    bookmarkStateOf(ctx.db, opts.who.user_id, thread.context_uuid),
  ]);
  return threadView(thread, entries, {
    isOwner: opts.isOwner,
    claimed: opts.claimed,
    author: { id: author?.id ?? null, username: author?.name ?? null },
    ownerEnterprise: !!ownerOrg,
    bookmark_state,
  });
}

async function claimerOf(ctx: AppContext, visitorId: string) {
  const claim = await ctx.db.selectFrom('visitor_claims').select('user_id').where('visitor_id', '=', visitorId).executeTakeFirst();
  return claim?.user_id ?? null;
}
