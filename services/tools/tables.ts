// The tables the tool servers own. Only this domain's code queries them, through `own()`.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** A person's remote tool servers (migration 0058_mcp_servers). `authorized`: tokens are kept (in the event log, sealed). */
export interface McpServersTable {
  server_id: string;
  user_id: string;
  name: string;
  url: string;
  authorized: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each tool's setting, per person and server (remote or installed). */
export interface McpToolSettingsTable {
  user_id: string;
  server_id: string;
  tool_name: string;
  enabled: boolean;
  approval: 'ask' | 'always';
  updated_at: Timestamp;
}

/** Each tool call an answer made (status: waiting for approval, running, done, failed or declined). */
export interface McpCallsTable {
  call_id: string;
  user_id: string;
  backend_uuid: string;
  server_id: string;
  server_name: string;
  tool_name: string;
  arguments: unknown;
  status: 'awaiting_approval' | 'running' | 'done' | 'failed' | 'declined';
  result: string | null;
  is_error: boolean;
  requested_at: Timestamp;
  updated_at: Timestamp;
}

export interface ToolsTables {
  mcp_servers: McpServersTable;
  mcp_tool_settings: McpToolSettingsTable;
  mcp_calls: McpCallsTable;
}

export const own = ownerOf<ToolsTables>();
