// The tables rights owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface RightsTables {
  data_exports: DataExportsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<RightsTables>();
