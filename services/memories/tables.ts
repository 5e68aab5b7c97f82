// The tables memories owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** What the product remembers about a person (migration 0024_memories), projected by services/memories. */
export interface MemoriesTable {
  memory_key: string;
  user_id: string;
  content: string;
  origin: 'answer' | 'manual';
  from_entry_uuid: string | null;
  verdict: 'helpful' | 'not_helpful' | null;
  should_forget: boolean;
  feedback_type: string | null;
  feedback_comment: string | null;
  feedback_entry_uuid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Whether answers may use a person's memories (a row once they switch; on without one). */
export interface MemorySwitchesTable {
  user_id: string;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface MemoriesTables {
  memories: MemoriesTable;
  memory_switches: MemorySwitchesTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<MemoriesTables>();
