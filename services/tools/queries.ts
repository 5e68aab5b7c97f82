// Reads of a person's tool servers and tool settings. Every read names the person: another
// person's server is never found.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export type ServerRow = { server_id: string; name: string; url: string; authorized: boolean };
export type ToolSettingRow = { server_id: string; tool_name: string; enabled: boolean; approval: 'ask' | 'always' };

export function serversOf(db: Db, userId: string): Promise<ServerRow[]> {
  return own(db)
    .selectFrom('mcp_servers')
    .select(['server_id', 'name', 'url', 'authorized'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('server_id')
    .execute();
}

export async function serverOf(db: Db, userId: string, serverId: string): Promise<ServerRow | undefined> {
  return own(db)
    .selectFrom('mcp_servers')
    .select(['server_id', 'name', 'url', 'authorized'])
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
}

/** The person's settings, of one server or all. */
export function toolSettingsOf(db: Db, userId: string, serverId?: string): Promise<ToolSettingRow[]> {
  let q = own(db).selectFrom('mcp_tool_settings').select(['server_id', 'tool_name', 'enabled', 'approval']).where('user_id', '=', userId);
  if (serverId) q = q.where('server_id', '=', serverId);
  return q.execute();
}

export type CallRow = {
  call_id: string;
  backend_uuid: string;
  server_id: string;
  server_name: string;
  tool_name: string;
  arguments: unknown;
  status: 'awaiting_approval' | 'running' | 'done' | 'failed' | 'declined';
  result: string | null;
  is_error: boolean;
};

/** The tool calls of one answer of the person, in the order asked. */
export function callsOf(db: Db, userId: string, backendUuid: string): Promise<CallRow[]> {
  return own(db)
    .selectFrom('mcp_calls')
    .select(['call_id', 'backend_uuid', 'server_id', 'server_name', 'tool_name', 'arguments', 'status', 'result', 'is_error'])
    .where('user_id', '=', userId)
    .where('backend_uuid', '=', backendUuid)
    .orderBy('requested_at')
    .orderBy('call_id')
    .execute();
}

export function callOf(db: Db, userId: string, callId: string): Promise<CallRow | undefined> {
  return own(db)
    .selectFrom('mcp_calls')
    .select(['call_id', 'backend_uuid', 'server_id', 'server_name', 'tool_name', 'arguments', 'status', 'result', 'is_error'])
    .where('user_id', '=', userId)
    .where('call_id', '=', callId)
    .executeTakeFirst();
}
