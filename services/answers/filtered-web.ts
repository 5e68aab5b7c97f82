// The sources of one question with its search filters bound to web search, so retrieval asks the
// web as it always does and the filters reach SearXNG (web-filters.ts).
import type { Sources } from './retrieve.js';
import { hasFilters, type WebFilters } from './web-filters.js';

export function withWebFilters(sources: Sources, filters: WebFilters | undefined): Sources {
  const web = sources.web;
  if (!web || !hasFilters(filters)) return sources;
  return { ...sources, web: { ...web, search: (query, k, options) => web.search(query, k, { ...options, filters }) } };
}
