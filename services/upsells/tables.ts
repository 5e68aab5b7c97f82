// The tables upsells owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** Upsell marks per person or visitor (migration 0022_upsell_marks), kept by services/upsells. */
export interface UpsellMarksTable {
  /** `user:<id>` or `visitor:<id>`. */
  subject: string;
  upsell_name: string;
  impressions: number;
  interacted_at: Timestamp | null;
}

export interface UpsellsTables {
  upsell_marks: UpsellMarksTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<UpsellsTables>();
