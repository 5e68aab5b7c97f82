// The tables orgs owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface OrgInsightsSpacesTable {
  org_uuid: string;
  day: ColumnType<string, string, string>;
  space_uuid: string;
  questions: Generated<number>;
}

export interface OrgInsightsLastActiveTable {
  org_uuid: string;
  user_id: string;
  last_day: ColumnType<string, string, string>;
}

export interface OrgsTables {
  orgs: OrgsTable;
  org_members: OrgMembersTable;
  org_invitations: OrgInvitationsTable;
  org_sso: OrgSsoTable;
  org_insights_daily: OrgInsightsDailyTable;
  org_insights_active: OrgInsightsActiveTable;
  org_insights_spaces: OrgInsightsSpacesTable;
  org_insights_last_active: OrgInsightsLastActiveTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<OrgsTables>();
