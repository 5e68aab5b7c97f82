// Table types of the tables our code reads and writes with Kysely. Better Auth's own tables
// ("user", "session", "account", "verification", "organization", "member", "invitation") are
// typed only where we read them.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  global_position: Generated<string>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Timestamp;
  tx_id: Generated<string>;
}

export interface ConsumerCheckpointsTable {
  consumer: string;
  tx_id: string;
  position: string;
  updated_at: Timestamp;
}

export interface AccountsTable {
  user_id: string;
  email: string;
  name: string;
  subscription_status: string;
  visitor_id: string | null;
  registered_at: Timestamp;
}

export interface VisitorClaimsTable {
  visitor_id: string;
  user_id: string;
  claimed_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  user_id: string | null;
  to: string;
  subject: string;
  text: string;
  status: 'queued' | 'delivered';
  via: string | null;
  queued_at: Timestamp;
  delivered_at: Timestamp | null;
}

export interface ThreadsTable {
  context_uuid: string;
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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PassagesTable {
  id: string;
  corpus: string;
  url: string;
  title: string;
  heading: string;
  content: string;
  ordinal: number;
  tsv: Generated<string>;
}

export interface PassageCorporaTable {
  corpus: string;
  content_hash: string;
  indexed_at: Timestamp;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
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

export interface BookmarksTable {
  user_id: string;
  context_uuid: string;
  bookmarked_at: Timestamp;
}

export interface SpacesTable {
  uuid: string;
  slug: string;
  title: string;
  description: string;
  instructions: string;
  emoji: string;
  access: number;
  enable_web_by_default: boolean;
  template_id: string | null;
  owner_user_id: string;
  thread_count: Generated<number>;
  /** JSON text on write, like thread_entries.sources. */
  links: ColumnType<{ link: string; title: string; added_at: string }[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpaceMembersTable {
  space_uuid: string;
  member_id: string;
  email: string;
  user_id: string | null;
  level: number;
  invited_at: Timestamp;
}

export interface Database {
  events: EventsTable;
  consumer_checkpoints: ConsumerCheckpointsTable;
  accounts: AccountsTable;
  visitor_claims: VisitorClaimsTable;
  mail_outbox: MailOutboxTable;
  threads: ThreadsTable;
  thread_entries: ThreadEntriesTable;
  passages: PassagesTable;
  passage_corpora: PassageCorporaTable;
  thread_access_requests: ThreadAccessRequestsTable;
  thread_readers: ThreadReadersTable;
  bookmarks: BookmarksTable;
  spaces: SpacesTable;
  space_members: SpaceMembersTable;
  user: UserTable;
  member: MemberTable;
}
