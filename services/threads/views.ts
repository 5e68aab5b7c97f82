// Read-model rows as the spec's Thread, ThreadEntry and ThreadSummary.
import type { ThreadRow } from './queries.js';

type EntryRow = {
  backend_uuid: string;
  query_str: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  sources: unknown[];
  related_questions: string[];
  error: string | null;
  model: string;
  created_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function threadView(t: ThreadRow, entries: EntryRow[], opts: { isOwner: boolean; claimed: boolean }) {
  return {
    context_uuid: t.context_uuid,
    thread_url_slug: t.thread_url_slug,
    frontend_context_uuid: t.frontend_context_uuid,
    title: t.title,
    first_query: t.first_query,
    thread_access: t.thread_access,
    // A claimed visitor's thread belongs to an account now and is kept.
    expiry_time: t.expiry_time && !opts.claimed ? iso(t.expiry_time) : null,
    updated_datetime: iso(t.updated_at),
    is_owner: opts.isOwner,
    entries: entries.map((e) => ({
      backend_uuid: e.backend_uuid,
      query_str: e.query_str,
      status: e.status,
      answer: e.answer,
      sources: e.sources,
      related_questions: e.related_questions,
      error: e.error,
      model: e.model,
      created_at: iso(e.created_at),
    })),
  };
}

export function summaryView(t: ThreadRow & { latest_answer: string | null }) {
  const answer = t.latest_answer ?? '';
  return {
    context_uuid: t.context_uuid,
    thread_url_slug: t.thread_url_slug,
    title: t.title,
    first_query: t.first_query,
    snippet: answer.length > 200 ? `${answer.slice(0, 197)}...` : answer,
    thread_access: t.thread_access,
    updated_datetime: iso(t.updated_at),
    entry_count: t.entry_count,
  };
}
