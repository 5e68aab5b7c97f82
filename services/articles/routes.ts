// The article (page) view: a thread the caller may read, as sections with their bookmark state.
import type { DomainRoutes } from '../http/handler.js';
import { bookmarkStateOf } from '../bookmarks/index.js';
import { entriesOf, readableThread, type ThreadsContext, visibleEntries } from '../threads/index.js';
import { articleSection, type ArticleThread } from './view.js';

export const articleRoutes = {
  async getArticle({ actor, path }, ctx) {
    const { thread } = await readableThread(ctx, path.article_uuid_or_slug, actor);
    const userId = await actor.userId();
    // A connector's source the reader may not read at its source is shown as not available (threads' rule).
    const [entries, bookmark] = await Promise.all([
      entriesOf(ctx.db, thread.context_uuid).then((rows) => visibleEntries(ctx.sourceAccess, userId, rows)),
      bookmarkStateOf(ctx.db, userId, thread),
    ]);
    const head = thread as ArticleThread;
    return { status: 200, body: { status: 'success', entries: entries.map((e, i) => articleSection(head, e, i, bookmark)) } };
  },
} satisfies DomainRoutes<ThreadsContext>;
