// The tables identity owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface UserTable {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** Better Auth's username plugin (unique, lower case); null until chosen. */
  username: string | null;
}

/** Better Auth's organisation plugin's rows, kept in step with orgs' events (organization-projection.ts). */
export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Timestamp;
}

export interface IdentityTables {
  accounts: AccountsTable;
  visitor_claims: VisitorClaimsTable;
  user: UserTable;
  member: MemberTable;
  organization: OrganizationTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<IdentityTables>();
