// The ask box's suggestions over HTTP (spec/paths/ask-suggestions.yaml): one handler, one use case.
import type { DomainRoutes } from '../http/handler.js';
import { askSuggestions } from './use-cases.js';

export const suggestionRoutes = {
  async listAskSuggestions({ actor, query }, ctx) {
    return { status: 200, body: await askSuggestions({ db: ctx.db, config: ctx.config }, actor, { query: query.query, limit: query.limit }) };
  },
} satisfies DomainRoutes;
