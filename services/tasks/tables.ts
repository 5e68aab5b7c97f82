// The tables tasks owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { NullableTimestamp, Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** A person's tasks (migration 0029), projected by services/tasks. */
export interface TasksTable {
  task_id: string;
  owner_id: string;
  task_type: 'SCHEDULE' | 'ALERT' | 'SHORTCUT';
  status: 'ACTIVE' | 'PAUSED';
  title: string;
  prompt: string;
  search_model: string;
  sources: string[];
  schedule_kind: string | null;
  rrule: string | null;
  start_at: NullableTimestamp;
  tzid: string | null;
  expires_at: NullableTimestamp;
  alert_type: 'STOCK_PRICE_TARGET' | 'STOCK_PRICE_MOVEMENT' | null;
  symbol: string | null;
  price: number | null;
  currency: string | null;
  value_lower_bound: number | null;
  value_upper_bound: number | null;
  next_run_at: NullableTimestamp;
  last_run_status: 'running' | 'succeeded' | 'failed' | 'skipped' | null;
  last_run_at: NullableTimestamp;
  last_run_reason: string | null;
  thread_slug: string | null;
  copied_from: string | null;
  /** The task's notificationSettings (migration 0059): the channels its runs may notify on. */
  notify_email: boolean;
  notify_in_app: boolean;
  notify_push: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TasksTables {
  tasks: TasksTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<TasksTables>();
