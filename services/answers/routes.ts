// The answers domain over HTTP: checking the sources of a finished answer (check-use-case.ts), and
// Discover's news from the web search (discover.ts).
import type { DomainRoutes } from '../http/handler.js';
import type { ThreadsContext } from '../threads/index.js';
import { checkEntrySources } from './check-use-case.js';
import { discoverFeed } from './discover.js';

export const answerRoutes = {
  async checkEntrySources({ actor, path }, ctx) {
    return { status: 200, body: await checkEntrySources(ctx, actor, path.backend_uuid) };
  },
  async getDiscoverFeed({ query }, ctx) {
    return { status: 200, body: await discoverFeed(ctx.config.searxngUrl ?? null, query.topic ?? 'top') };
  },
} satisfies DomainRoutes<ThreadsContext>;
