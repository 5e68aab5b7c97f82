// The tables browser owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface BrowserTables {
  browser_invites: BrowserInvitesTable;
  browser_invite_claims: BrowserInviteClaimsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<BrowserTables>();
