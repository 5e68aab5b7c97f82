// Table types of the tables our code reads and writes with Kysely. Better Auth's own tables
// ("user", "session", "account", "verification", "organization", "member", "invitation") are
// typed only where we read them.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Each statement that appends says `pg_notify('event_log', type)` once per type it appended (migration 0033). */
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
  /** Set by AccountUsernameChanged (migration 0014); null until the person chooses one. */
  username: Generated<string | null>;
  /** Set by AccountAvatarChanged (migration 0014): the picture's storage key, or null. */
  avatar_key: Generated<string | null>;
  /** AccountTwoFactorEnabled / AccountTwoFactorDisabled (migration 0020). */
  two_factor_enabled: Generated<boolean>;
  /** AccountEmailVerified, or AccountEmailChanged (the new address verified by its link); null until verified. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** The thread's owner and incognito, copied when the entry is asked (neither changes). */
  owner_user_id: string | null;
  incognito: Generated<boolean>;
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
  /** The passage's terms and counts, written by the passages module (migration 0032). */
  tsv: Generated<string>;
  /** Set for a file's passages (migration 0009). */
  file_uuid: ColumnType<string | null, string | null | undefined, string | null>;
  page: ColumnType<number | null, number | null | undefined, number | null>;
  file_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_repository_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** The document the passage comes from, and its words for BM25 (migration 0010). */
  source: string;
  word_count: number;
}

/** BM25's statistics of one corpus (migration 0010), kept by the passages projection. */
export interface PassageCorpusStatsTable {
  corpus: string;
  doc_count: string;
  total_words: string;
}

/** How many passages of a corpus hold a term (migration 0010). */
export interface PassageTermStatsTable {
  corpus: string;
  term: string;
  df: number;
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
  emailVerified: boolean;
  /** Better Auth's username plugin (unique, lower case); null until chosen. */
  username: string | null;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Timestamp;
}

/** An organisation (migration 0013), kept by the organisations projection. */
export interface OrgsTable {
  uuid: string;
  name: string;
  slug: string;
  logo_url: string | null;
  email_domains: ColumnType<string[], string, string>;
  default_thread_access: string;
  pdf_downloads_restricted: Generated<boolean>;
  public_sharing_allowed: Generated<boolean>;
  space_creation: Generated<string>;
  user_access: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrgMembersTable {
  member_id: string;
  org_uuid: string;
  user_id: string;
  email: string;
  role: string;
  joined_at: Timestamp;
}

/** An organisation's counts of one day (migration 0014), kept by the insights projection. */
export interface OrgInsightsDailyTable {
  org_uuid: string;
  day: ColumnType<string, string, string>;
  questions: Generated<number>;
  active_members: Generated<number>;
  files_indexed: Generated<number>;
  failed_citation_answers: Generated<number>;
}

export interface OrgInsightsActiveTable {
  org_uuid: string;
  day: ColumnType<string, string, string>;
  user_id: string;
}

export interface OrgInsightsLastActiveTable {
  org_uuid: string;
  user_id: string;
  last_day: ColumnType<string, string, string>;
}

export interface OrgInsightsSpacesTable {
  org_uuid: string;
  day: ColumnType<string, string, string>;
  space_uuid: string;
  questions: Generated<number>;
}

export interface OrgInvitationsTable {
  invitation_id: string;
  org_uuid: string;
  email: string;
  role: string;
  invited_by: string;
  invited_at: Timestamp;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
}

/** An organisation's single sign-on: its claimed domain, the proof, its provider (secret sealed). */
export interface OrgSsoTable {
  org_uuid: string;
  domain: string;
  token: string;
  verified_at: NullableTimestamp;
  issuer: string | null;
  client_id: string | null;
  client_secret_sealed: string | null;
  configured_at: NullableTimestamp;
  updated_at: Timestamp;
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
  links: ColumnType<{ link: string; title: string; added_at: string; text_truncated?: true }[], string, string>;
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

export interface FilesTable {
  file_uuid: string;
  repo_type: 'USER' | 'ORG' | 'COLLECTION';
  repo_owner: string;
  filename: string;
  file_title: string;
  file_description: Generated<string>;
  content_type: string;
  file_type: string;
  is_attachment: boolean;
  /** bigint: pg returns it as a string. */
  file_size: ColumnType<string, number, number>;
  object_key: string;
  uploaded_by_user_id: string;
  uploader_email: string;
  file_state: 'COMPLETE' | 'PROCESSING' | 'FAILED';
  error: string | null;
  version: number;
  page_count: number | null;
  passage_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FileUploadsTable {
  object_key: string;
  file_uuid: string;
  repo_type: 'USER' | 'ORG' | 'COLLECTION';
  repo_owner: string;
  uploaded_by_user_id: string;
  counts_as_new: boolean;
  expires_at: Timestamp;
}

export interface ImageUploadsTable {
  object_key: string;
  user_id: string;
  started_at: Timestamp;
  removable_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface OrgFileSettingsTable {
  org_uuid: string;
  downloads_disabled: boolean;
  updated_at: Timestamp;
}

export interface AccountSettingsTable {
  user_id: string;
  theme: string;
  answer_language: string;
  default_search_mode: string;
  incognito_by_default: boolean;
  about_me: string;
  answer_style: string;
  default_model: string | null;
  updated_at: Timestamp;
}

export interface SiteInstructionsTable {
  user_id: string;
  domain: string;
  instructions: string;
  updated_at: Timestamp;
}

/** Data exports (migration 0016_data_exports), kept by services/rights. */
export interface DataExportsTable {
  export_id: string;
  user_id: string;
  status: 'preparing' | 'ready' | 'failed' | 'expired';
  object_key: string | null;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string | null, number | null | undefined, number | null>;
  requested_at: Timestamp;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** The assistant browser's invite codes (migration 0019_attrib_browser_invites), projected by services/browser. */
export interface BrowserInvitesTable {
  code: string;
  max_uses: number;
  uses: number;
  issued_by: string;
  issued_at: Timestamp;
}

export interface BrowserInviteClaimsTable {
  user_id: string;
  code: string;
  claimed_at: Timestamp;
}

/** Questions asked per person (`user:<id>` or `visitor:<id>`), kept by the attribution consumer. */
export interface AttributionQueryCountsTable {
  owner_key: string;
  questions: number;
  assistant_questions: number;
}

/** Upsell marks per person or visitor (migration 0022_upsell_marks), kept by services/upsells. */
export interface UpsellMarksTable {
  /** `user:<id>` or `visitor:<id>`. */
  subject: string;
  upsell_name: string;
  impressions: number;
  interacted_at: Timestamp | null;
}

/** What the product remembers about a person (migration 0024_memories), projected by services/memories. */
export interface MemoriesTable {
  memory_key: string;
  user_id: string;
  content: string;
  origin: 'answer' | 'manual';
  from_entry_uuid: string | null;
  verdict: 'helpful' | 'not_helpful' | null;
  should_forget: boolean;
  feedback_type: string | null;
  feedback_comment: string | null;
  feedback_entry_uuid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Whether answers may use a person's memories (a row once they switch; on without one). */
export interface MemorySwitchesTable {
  user_id: string;
  enabled: boolean;
  updated_at: Timestamp;
}

/** A person's notification channels (migration 0028); all on without a row. */
export interface NotificationPreferencesTable {
  user_id: string;
  should_send_email: boolean;
  should_send_in_app: boolean;
  should_send_push: boolean;
  updated_at: Timestamp;
}

/** The in-app notifications (migration 0028), projected by services/notifications. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** Who caused it, when a person did; their account's deletion removes it. */
  actor_user_id: string | null;
  kind: string;
  title: string;
  body: string;
  url: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** A browser subscribed to Web Push (migration 0028): where to post and its keys. */
export interface PushSubscriptionsTable {
  subscription_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscribed_at: Timestamp;
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
  passage_corpus_stats: PassageCorpusStatsTable;
  passage_term_stats: PassageTermStatsTable;
  thread_access_requests: ThreadAccessRequestsTable;
  thread_readers: ThreadReadersTable;
  bookmarks: BookmarksTable;
  spaces: SpacesTable;
  space_members: SpaceMembersTable;
  files: FilesTable;
  file_uploads: FileUploadsTable;
  image_uploads: ImageUploadsTable;
  org_file_settings: OrgFileSettingsTable;
  account_settings: AccountSettingsTable;
  site_instructions: SiteInstructionsTable;
  data_exports: DataExportsTable;
  upsell_marks: UpsellMarksTable;
  user: UserTable;
  member: MemberTable;
  organization: OrganizationTable;
  orgs: OrgsTable;
  org_members: OrgMembersTable;
  org_invitations: OrgInvitationsTable;
  org_sso: OrgSsoTable;
  org_insights_daily: OrgInsightsDailyTable;
  org_insights_active: OrgInsightsActiveTable;
  org_insights_spaces: OrgInsightsSpacesTable;
  org_insights_last_active: OrgInsightsLastActiveTable;
  browser_invites: BrowserInvitesTable;
  browser_invite_claims: BrowserInviteClaimsTable;
  attribution_query_counts: AttributionQueryCountsTable;
  subscriptions: SubscriptionsTable;
  stripe_webhook_events: StripeWebhookEventsTable;
  memories: MemoriesTable;
  memory_switches: MemorySwitchesTable;
  price_alert_states: PriceAlertStatesTable;
  notification_preferences: NotificationPreferencesTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  tasks: TasksTable;
}

/** A person's tasks (migration 0029), projected by services/tasks. */
export interface TasksTable {
  task_id: string;
  owner_id: string;
  task_type: 'SCHEDULE' | 'ALERT' | 'SHORTCUT';
  status: 'ACTIVE' | 'PAUSED';
  title: string;
  prompt: string;
  search_model: string;
  sources: string[];
  schedule_kind: string | null;
  rrule: string | null;
  start_at: NullableTimestamp;
  tzid: string | null;
  expires_at: NullableTimestamp;
  alert_type: 'STOCK_PRICE_TARGET' | 'STOCK_PRICE_MOVEMENT' | null;
  symbol: string | null;
  price: number | null;
  currency: string | null;
  value_lower_bound: number | null;
  value_upper_bound: number | null;
  next_run_at: NullableTimestamp;
  last_run_status: 'running' | 'succeeded' | 'failed' | 'skipped' | null;
  last_run_at: NullableTimestamp;
  last_run_reason: string | null;
  thread_slug: string | null;
  copied_from: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A subscriber's subscription (billing's projection, migration 0023). */
export interface SubscriptionsTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  source: string;
  status: string;
  plan: string | null;
  interval: string | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: boolean;
  scheduled_plan: string | null;
  scheduled_interval: string | null;
  scheduled_effective_at: Timestamp | null;
  /** An organisation's seats as last recorded (migration 0030), or null. */
  seats: number | null;
  updated_at: Timestamp;
}

/** Stripe's webhooks as received, once per event id (billing's inbox, migration 0023). */
export interface StripeWebhookEventsTable {
  event_id: string;
  type: string;
  created: ColumnType<string, number, number>;
  received_at: Timestamp;
  applied_at: Timestamp | null;
  /** What the event is about (ProviderEventSummary); null only on rows from before migration 0026, all applied. */
  summary: ColumnType<unknown, string | null, string | null>;
  attempts: Generated<number>;
  retry_at: Timestamp | null;
}

/** What each price alert has seen and whether a firing awaits its run (migration 0027, projected by services/market). */
export interface PriceAlertStatesTable {
  task_id: string;
  owner_id: string;
  symbol: string;
  alert_type: string;
  terms: unknown;
  watch: unknown;
  /** The alert stream's version this row reflects: the expected version of the next append. */
  version: number;
  /** The quote of the last recorded change (a check that changed nothing records nothing). */
  last_price: number;
  last_previous_close: number;
  currency: string;
  last_quote_at: Timestamp;
  fired_count: number;
  last_fired_at: NullableTimestamp;
  last_reason: string | null;
  pending_occurrence_key: string | null;
  pending_reason: string | null;
  pending_fired_at: NullableTimestamp;
  updated_at: Timestamp;
}
