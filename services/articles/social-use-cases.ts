// Liking and viewing an article: a thread the caller may read (threads' read rule), decided on the
// like's or the view's own stream and appended with its expected version.
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { ConcurrencyError } from '../eventstore/types.js';
import { readableThread, threadErrors } from '../threads/index.js';
import { decideLike, decideView, viewerKeyOf } from './decide.js';
import { articleLikeStream, articleViewStream, evolveLike, initialLike } from './events.js';
import { socialInfoOf } from './social.js';

const MAX_ATTEMPTS = 3;

/** Likes (or, with `like` false, unlikes) the thread `key` for the signed-in reader. */
export async function setArticleLike(ctx: KernelContext, actor: Actor, key: string, like: boolean) {
  const userId = await actor.userId();
  if (!userId) throw threadErrors.loginToLike();
  const { thread } = await readableThread(ctx, key, actor);
  const stream = articleLikeStream(thread.context_uuid, userId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await ctx.store.aggregate(stream, initialLike, evolveLike);
    const events = decideLike(state, { contextUuid: thread.context_uuid, userId, like, now: ctx.now() });
    try {
      if (events.length) await ctx.store.append(stream, version, events);
      break;
    } catch (err) {
      // Two tabs liking at once: decided again on what the other wrote.
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
  return socialInfoOf(ctx.db, thread.context_uuid, userId);
}

/** Counts the reader's view of the thread `key`: once per viewer, never its author's. */
export async function recordArticleView(ctx: KernelContext, actor: Actor, key: string) {
  const { thread, isOwner } = await readableThread(ctx, key, actor);
  const userId = await actor.userId();
  const viewerKey = viewerKeyOf(userId, actor.visitorId);
  const stream = articleViewStream(thread.context_uuid, viewerKey);
  const seen = (await ctx.store.aggregate(stream, { seen: false }, () => ({ seen: true }))).version > 0;
  const events = decideView({ contextUuid: thread.context_uuid, viewerKey, isAuthor: isOwner, seen, now: ctx.now() });
  // A view stream holds one event: a second tab's at the same moment is the same view.
  if (events.length) await ctx.store.append(stream, 'no_stream', events).catch((err) => (err instanceof ConcurrencyError ? undefined : Promise.reject(err)));
  return socialInfoOf(ctx.db, thread.context_uuid, userId);
}
