// The rules of an article's likes and views. Pure: state and command in, events out.
import type { ArticleLiked, ArticleUnliked, ArticleViewed, LikeState } from './events.js';

type LikeCommand = { contextUuid: string; userId: string; now: Date };

/** Liking what one likes already changes nothing; so does unliking what one does not like. */
export function decideLike(state: LikeState, cmd: LikeCommand & { like: boolean }): (ArticleLiked | ArticleUnliked)[] {
  if (state.liked === cmd.like) return [];
  const data = { context_uuid: cmd.contextUuid, user_id: cmd.userId, at: cmd.now.toISOString() };
  return [cmd.like ? { type: 'ArticleLiked', data } : { type: 'ArticleUnliked', data }];
}

/** A view counts once per viewer, and never the author's own. */
export function decideView(cmd: { contextUuid: string; viewerKey: string; isAuthor: boolean; seen: boolean; now: Date }): ArticleViewed[] {
  if (cmd.isAuthor || cmd.seen) return [];
  return [{ type: 'ArticleViewed', data: { context_uuid: cmd.contextUuid, viewer_key: cmd.viewerKey, at: cmd.now.toISOString() } }];
}

/** Who a view is counted as: the person, or the browser of a visitor. */
export const viewerKeyOf = (userId: string | null, visitorId: string) => userId ?? `visitor:${visitorId}`;
