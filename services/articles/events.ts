// An article's social signals (seed 003 §3 `social_info`) as events. A like is one stream per
// person and thread (liked, unliked, liked again); a view is one stream per viewer and thread
// with a single event, so each viewer counts once however often they open the page.
import type { StoredEvent } from '../eventstore/types.js';

export type ArticleLiked = { type: 'ArticleLiked'; data: { context_uuid: string; user_id: string; at: string } };
export type ArticleUnliked = { type: 'ArticleUnliked'; data: { context_uuid: string; user_id: string; at: string } };
/** `viewer_key`: the signed-in person's id, or `visitor:` and the browser's visitor id. */
export type ArticleViewed = { type: 'ArticleViewed'; data: { context_uuid: string; viewer_key: string; at: string } };
export type ArticleEvent = ArticleLiked | ArticleUnliked | ArticleViewed;

export const ARTICLE_EVENT_TYPES = ['ArticleLiked', 'ArticleUnliked', 'ArticleViewed'] as const;

export const articleLikeStream = (contextUuid: string, userId: string) => `article-like-${contextUuid}-${userId}`;
export const articleViewStream = (contextUuid: string, viewerKey: string) => `article-view-${contextUuid}-${viewerKey}`;

export const initialLike = { liked: false };
export type LikeState = typeof initialLike;

export function evolveLike(state: LikeState, event: StoredEvent): LikeState {
  if (event.type === 'ArticleLiked') return { liked: true };
  if (event.type === 'ArticleUnliked') return { liked: false };
  return state;
}
