// The tables eventstore owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** Each statement that appends says `pg_notify('event_log', type)` once per type it appended (migration 0033). */
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

export interface EventStoreTables {
  events: EventsTable;
  consumer_checkpoints: ConsumerCheckpointsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<EventStoreTables>();
