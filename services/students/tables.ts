// The tables students owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** One person's student verification (migration 0070, projected by services/students). */
export interface StudentVerificationsTable {
  user_id: string;
  /** unverified, code_sent or verified. */
  status: string;
  email: string | null;
  domain: string | null;
  verified_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface StudentTables {
  student_verifications: StudentVerificationsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<StudentTables>();
