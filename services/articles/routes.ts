// The article (page) view: a thread the caller may read, as sections with their bookmark state.
import type { Routes } from '../app/handler.js';
import { bookmarkStateOf } from '../bookmarks/queries.js';
import { entriesOf } from '../threads/queries.js';
import { readableThread, viewer } from '../threads/read-access.js';
import { articleSection, type ArticleThread } from './view.js';

export const articleRoutes: Routes = {
  async getArticle(req, res, ctx) {
    const who = await viewer(req, res, ctx);
    const { thread } = await readableThread(ctx, req.params.article_uuid_or_slug as string, who);
    const [entries, bookmark] = await Promise.all([entriesOf(ctx.db, thread.context_uuid), bookmarkStateOf(ctx.db, who.user_id, thread)]);
    const head = thread as ArticleThread;
    res.json({ status: 'success', entries: entries.map((e, i) => articleSection(head, e, i, bookmark)) });
  },
};
