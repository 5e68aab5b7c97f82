// The tables mail owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface MailTables {
  mail_outbox: MailOutboxTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<MailTables>();
