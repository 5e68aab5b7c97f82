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

export interface Database {
  events: EventsTable;
  consumer_checkpoints: ConsumerCheckpointsTable;
  accounts: AccountsTable;
  visitor_claims: VisitorClaimsTable;
  mail_outbox: MailOutboxTable;
  user: UserTable;
  member: MemberTable;
}
