// The tables threads owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';
import type { WebFilters } from './web-filters.js';
import type { ProSearchStepsData } from './events.js';

export interface ThreadsTable {
  context_uuid: string;
  /** A fork's original thread (migration 0060); null for a thread asked from scratch. */
  forked_from: string | null;
  thread_url_slug: string;
  frontend_context_uuid: string | null;
  title: string;
  first_query: string;
  owner_user_id: string | null;
  owner_visitor_id: string | null;
  thread_access: string;
  incognito: boolean;
  expiry_time: Timestamp | null;
  collection_uuid: string | null;
  entry_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ThreadEntriesTable {
  backend_uuid: string;
  context_uuid: string;
  position: number;
  query_str: string;
  search_mode: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  /** JSON text on write (pg would send a JS array as a PostgreSQL array). */
  sources: ColumnType<unknown[], string, string>;
  related_questions: ColumnType<string[], string, string>;
  error: string | null;
  model: string;
  /** The question's web search filters (JSON text on write), or null when it had none. */
  search_filters: ColumnType<WebFilters | null, string | null, string | null>;
  pro_search_steps: ColumnType<ProSearchStepsData | null, string | null, string | null>;
  /** Asked as a Research report (admitted before the question was recorded). */
  research_report: Generated<boolean>;
  /** The thread's owner and incognito, copied when the entry is asked (neither changes). */
  owner_user_id: string | null;
  incognito: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ThreadAccessRequestsTable {
  request_id: string;
  context_uuid: string;
  requester_user_id: string;
  status: 'requested' | 'granted' | 'declined';
  requested_at: Timestamp;
  answered_at: Timestamp | null;
}

export interface ThreadReadersTable {
  context_uuid: string;
  user_id: string;
  granted_at: Timestamp;
}

export interface ThreadsTables {
  threads: ThreadsTable;
  thread_entries: ThreadEntriesTable;
  thread_access_requests: ThreadAccessRequestsTable;
  thread_readers: ThreadReadersTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<ThreadsTables>();
