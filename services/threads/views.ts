// Read-model rows as the spec's Thread, ThreadEntry and ThreadSummary.
import type { Source, ThreadEntry, ThreadSummary, BookmarkState } from '../../generated/sdk/types.gen.js';
import { isPublished, privacyState } from './access-rules.js';
import type { ProSearchStepsData, SearchMode, ThreadAccess } from './events.js';
import type { ThreadRow } from './queries.js';
import type { WebFilters } from './web-filters.js';
import { searchFiltersView } from './search-filters.js';

export type EntryRow = {
  backend_uuid: string;
  query_str: string;
  search_mode: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  sources: unknown[];
  related_questions: string[];
  error: string | null;
  model: string;
  /** The question's web search filters; null or absent when it had none. */
  search_filters?: WebFilters | null;
  /** A Pro Search's steps; null or absent for a quick answer. */
  pro_search_steps?: ProSearchStepsData | null;
  /** Asked as a Research report; absent or false otherwise. */
  research_report?: boolean;
  created_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

export type ThreadViewOptions = {
  isOwner: boolean;
  claimed: boolean;
  author: { id: string | null; username: string | null };
  /** The owner is in an organisation. */
  ownerEnterprise: boolean;
  bookmark_state: BookmarkState;
  /** The Space the thread is in, when the caller may see that Space. */
  collection_info: { uuid: string; slug: string; title: string; emoji: string } | null;
};

export function threadView(t: ThreadRow, entries: EntryRow[], opts: ThreadViewOptions) {
  const access = t.thread_access as ThreadAccess;
  const owner = { enterprise: opts.ownerEnterprise, inCollection: !!t.collection_uuid };
  const latest = entries[entries.length - 1];
  return {
    context_uuid: t.context_uuid,
    backend_uuid: latest?.backend_uuid ?? '',
    thread_url_slug: t.thread_url_slug,
    frontend_context_uuid: t.frontend_context_uuid,
    title: t.title,
    first_query: t.first_query,
    query_str: latest?.query_str ?? t.first_query,
    focus: (entries[0]?.search_mode ?? 'auto') as SearchMode,
    author: { ...opts.author, image: null },
    collection_info: opts.collection_info,
    thread_access: access,
    privacy_state: privacyState(access, owner),
    is_published: isPublished(access, owner),
    // A claimed visitor's thread belongs to an account now and is kept.
    expiry_time: t.expiry_time && !opts.claimed ? iso(t.expiry_time) : null,
    updated_datetime: iso(t.updated_at),
    is_owner: opts.isOwner,
    bookmark_state: opts.bookmark_state,
    entries: entries.map(entryView),
  };
}

export function entryView(e: EntryRow): ThreadEntry {
  return {
    backend_uuid: e.backend_uuid,
    query_str: e.query_str,
    status: e.status,
    answer: e.answer,
    sources: e.sources as Source[],
    related_questions: e.related_questions,
    error: e.error,
    model: e.model,
    ...(e.search_filters ? { search_filters: searchFiltersView(e.search_filters) } : {}),
    ...(e.pro_search_steps ? { pro_search_steps: e.pro_search_steps } : {}),
    ...(e.research_report ? { research_report: true } : {}),
    created_at: iso(e.created_at),
  };
}

export function summaryView(t: ThreadRow & { latest_answer: string | null }): ThreadSummary {
  const answer = t.latest_answer ?? '';
  return {
    context_uuid: t.context_uuid,
    thread_url_slug: t.thread_url_slug,
    title: t.title,
    first_query: t.first_query,
    snippet: answer.length > 200 ? `${answer.slice(0, 197)}...` : answer,
    thread_access: t.thread_access as ThreadAccess,
    updated_datetime: iso(t.updated_at),
    entry_count: t.entry_count,
  };
}
