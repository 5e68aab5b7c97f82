// The tables the agent owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';
import type { AgentToolCall, PendingConfirmation } from './events.js';

/** A person's agent tasks (migration 0053), projected by services/agent. */
export interface AgentTasksTable {
  task_uuid: string;
  owner_id: string;
  task: string;
  url: string;
  status: 'running' | 'paused' | 'awaiting_confirmation' | 'completed' | 'stopped' | 'failed';
  /** Written as JSON text, read as the object. */
  pending_confirmation: ColumnType<PendingConfirmation | null, string | null, string | null>;
  summary: string | null;
  failure: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each step a task took (migration 0053). */
export interface AgentStepsTable {
  task_uuid: string;
  step: number;
  method: string;
  summary: string;
  error: string | null;
  /** A call to one of the person's tools (migration 0064), written as JSON text. */
  tool_call: ColumnType<AgentToolCall | null, string | null, string | null>;
  at: Timestamp;
}

/** A screenshot the extension took for a step (migration 0064): base64, as it came. */
export interface AgentScreenshotsTable {
  task_uuid: string;
  step: number;
  media_type: string;
  width: number;
  height: number;
  data: string;
  at: Timestamp;
}

/** Where @socket.io/postgres-adapter keeps large payloads between instances; the adapter alone writes it. */
export interface SocketIoAttachmentsTable {
  id: number;
  created_at: Timestamp;
  payload: Buffer | null;
}

export interface AgentTables {
  agent_tasks: AgentTasksTable;
  agent_steps: AgentStepsTable;
  agent_screenshots: AgentScreenshotsTable;
  socket_io_attachments: SocketIoAttachmentsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<AgentTables>();
