// The tables attribution owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import { ownerOf } from '../db/owned.js';

/** Questions asked per person (`user:<id>` or `visitor:<id>`), kept by the attribution consumer. */
export interface AttributionQueryCountsTable {
  owner_key: string;
  questions: number;
  assistant_questions: number;
}

export interface AttributionTables {
  attribution_query_counts: AttributionQueryCountsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<AttributionTables>();
