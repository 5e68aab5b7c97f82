// `article_likes` and `article_views` from the articles' events; a deleted thread takes its
// article's likes and views along, an erased account its own.
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { ThreadDeleted } from '../threads/index.js';
import { ARTICLE_EVENT_TYPES, type ArticleEvent } from './events.js';
import { own } from './tables.js';

export const articleSocialProjection: Projection = {
  name: 'article_social',
  tables: ['article_likes', 'article_views'],
  handles: [...ARTICLE_EVENT_TYPES, 'ThreadDeleted', 'AccountErased'],
  async apply(trx, event) {
    const e = { type: event.type, data: event.data } as ArticleEvent | ThreadDeleted | AccountErased;
    switch (e.type) {
      case 'ArticleLiked':
        await own(trx)
          .insertInto('article_likes')
          .values({ context_uuid: e.data.context_uuid, user_id: e.data.user_id, liked_at: e.data.at })
          .onConflict((oc) => oc.columns(['context_uuid', 'user_id']).doNothing())
          .execute();
        return;
      case 'ArticleUnliked':
        await own(trx).deleteFrom('article_likes').where('context_uuid', '=', e.data.context_uuid).where('user_id', '=', e.data.user_id).execute();
        return;
      case 'ArticleViewed':
        await own(trx)
          .insertInto('article_views')
          .values({ context_uuid: e.data.context_uuid, viewer_key: e.data.viewer_key, viewed_at: e.data.at })
          .onConflict((oc) => oc.columns(['context_uuid', 'viewer_key']).doNothing())
          .execute();
        return;
      case 'ThreadDeleted':
        await own(trx).deleteFrom('article_likes').where('context_uuid', '=', e.data.context_uuid).execute();
        await own(trx).deleteFrom('article_views').where('context_uuid', '=', e.data.context_uuid).execute();
        return;
      case 'AccountErased':
        await own(trx).deleteFrom('article_likes').where('user_id', '=', e.data.user_id).execute();
        await own(trx).deleteFrom('article_views').where('viewer_key', '=', e.data.user_id).execute();
        return;
    }
  },
};
