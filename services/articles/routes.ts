// The article (page) view: a thread the caller may read, as sections with their bookmark state,
// its social info and its Space; and the article's like, view and fork.
import type { DomainRoutes } from '../http/handler.js';
import { bookmarkStateOf } from '../bookmarks/index.js';
import { collectionInfoFor } from '../spaces/index.js';
import { entriesOf, forkThread, readableThread, type ThreadsContext, visibleEntries } from '../threads/index.js';
import { recordArticleView, setArticleLike } from './social-use-cases.js';
import { socialInfoOf } from './social.js';
import { articleSection, type ArticleThread } from './view.js';

export const articleRoutes = {
  async getArticle({ actor, path }, ctx) {
    const { thread } = await readableThread(ctx, path.article_uuid_or_slug, actor);
    const userId = await actor.userId();
    // A connector's source the reader may not read at its source is shown as not available (threads' rule).
    const [entries, bookmarkState, social, collectionInfo] = await Promise.all([
      entriesOf(ctx.db, thread.context_uuid).then((rows) => visibleEntries(ctx.sourceAccess, userId, rows)),
      bookmarkStateOf(ctx.db, userId, thread),
      socialInfoOf(ctx.db, thread.context_uuid, userId),
      collectionInfoFor(ctx.db, thread.collection_uuid, userId),
    ]);
    const head = thread as ArticleThread;
    const shared = { bookmarkState, social, collectionInfo };
    return { status: 200, body: { status: 'success', entries: entries.map((e, i) => articleSection(head, e, i, shared)) } };
  },

  async likeArticle({ actor, path }, ctx) {
    return { status: 200, body: await setArticleLike(ctx, actor, path.article_uuid_or_slug, true) };
  },

  async unlikeArticle({ actor, path }, ctx) {
    return { status: 200, body: await setArticleLike(ctx, actor, path.article_uuid_or_slug, false) };
  },

  async recordArticleView({ actor, path }, ctx) {
    return { status: 200, body: await recordArticleView(ctx, actor, path.article_uuid_or_slug) };
  },

  async forkArticle({ actor, path }, ctx) {
    return { status: 201, body: await forkThread(ctx, actor, path.article_uuid_or_slug) };
  },
} satisfies DomainRoutes<ThreadsContext>;
