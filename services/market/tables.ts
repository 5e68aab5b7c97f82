// The tables market owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { NullableTimestamp, Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

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

export interface MarketTables {
  price_alert_states: PriceAlertStatesTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<MarketTables>();
