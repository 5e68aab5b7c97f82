// Pure rules of a person's tool servers: the clock and the new id come in with the command; each
// decision returns the events to append (none when nothing changes) or throws a tool error.
import type { ActingUser } from '../shared/actor.js';
import { toolErrors } from './errors.js';
import {
  type McpAuthorizationStarted,
  type McpCallDecided,
  type McpCallFinished,
  type McpCallRequested,
  type McpServerAdded,
  type McpServerAuthorized,
  type McpServerRemoved,
  type McpServerRenamed,
  type McpToolSet,
  type ToolApproval,
  type ToolsState,
  settingOf,
} from './events.js';
import { MCP_AUTH_ATTEMPT_MS, MCP_NAME_MAX, MCP_SERVERS_MAX } from './limits.js';

export const INSTALLED_PREFIX = 'installed-';
export const isInstalledId = (serverId: string) => serverId.startsWith(INSTALLED_PREFIX);

function checkedName(text: string) {
  const name = text.replace(/\s+/g, ' ').trim();
  if (!name) throw toolErrors.nameRequired();
  if ([...name].length > MCP_NAME_MAX) throw toolErrors.nameTooLong();
  return name;
}

function ownServer(state: ToolsState, serverId: string) {
  if (isInstalledId(serverId)) throw toolErrors.installed();
  const s = Object.hasOwn(state.servers, serverId) ? state.servers[serverId] : undefined;
  if (!s) throw toolErrors.notFound();
  return s;
}

const urlTaken = (state: ToolsState, url: string, except?: string) => Object.entries(state.servers).some(([id, s]) => id !== except && s.url === url);

/** A remote server added; `url` is already checked (server-url.ts). */
export function decideAddServer(state: ToolsState, cmd: ActingUser & { serverId: string; name: string; url: string }): McpServerAdded[] {
  const name = checkedName(cmd.name);
  if (urlTaken(state, cmd.url)) throw toolErrors.exists();
  if (Object.keys(state.servers).length >= MCP_SERVERS_MAX) throw toolErrors.tooMany();
  return [{ type: 'McpServerAdded', data: { user_id: cmd.userId, server_id: cmd.serverId, name, url: cmd.url, added_at: cmd.now.toISOString() } }];
}

/**
 * A new name alone renames the server. A new address is another server: the old one is removed
 * and the new one added under the same id (its authorization does not carry over), and every tool
 * setting is set again on it.
 */
export function decideUpdateServer(
  state: ToolsState,
  cmd: ActingUser & { serverId: string; name: string; url: string },
): (McpServerRenamed | McpServerRemoved | McpServerAdded | McpToolSet)[] {
  const current = ownServer(state, cmd.serverId);
  const name = checkedName(cmd.name);
  const at = cmd.now.toISOString();
  if (current.url === cmd.url) {
    return current.name === name ? [] : [{ type: 'McpServerRenamed', data: { user_id: cmd.userId, server_id: cmd.serverId, name, renamed_at: at } }];
  }
  if (urlTaken(state, cmd.url, cmd.serverId)) throw toolErrors.exists();
  const carried = Object.entries(state.tools[cmd.serverId] ?? {}).map(
    ([tool_name, s]): McpToolSet => ({
      type: 'McpToolSet',
      data: { user_id: cmd.userId, server_id: cmd.serverId, tool_name, enabled: s.enabled, approval: s.approval, set_at: at },
    }),
  );
  return [
    { type: 'McpServerRemoved', data: { user_id: cmd.userId, server_id: cmd.serverId, removed_at: at } },
    { type: 'McpServerAdded', data: { user_id: cmd.userId, server_id: cmd.serverId, name, url: cmd.url, added_at: at } },
    ...carried,
  ];
}

export function decideRemoveServer(state: ToolsState, cmd: ActingUser & { serverId: string }): McpServerRemoved[] {
  ownServer(state, cmd.serverId);
  return [{ type: 'McpServerRemoved', data: { user_id: cmd.userId, server_id: cmd.serverId, removed_at: cmd.now.toISOString() } }];
}

/** A tool's setting; `known` says whether the server exists for this person (installed ones are checked by the caller). */
export function decideToolSetting(
  state: ToolsState,
  cmd: ActingUser & { serverId: string; tool: string; enabled: boolean; approval: ToolApproval },
): McpToolSet[] {
  if (!isInstalledId(cmd.serverId)) ownServer(state, cmd.serverId);
  const now = settingOf(state, cmd.serverId, cmd.tool);
  if (now.enabled === cmd.enabled && now.approval === cmd.approval) return [];
  return [
    {
      type: 'McpToolSet',
      data: { user_id: cmd.userId, server_id: cmd.serverId, tool_name: cmd.tool, enabled: cmd.enabled, approval: cmd.approval, set_at: cmd.now.toISOString() },
    },
  ];
}

export function decideStartAuthorization(
  state: ToolsState,
  cmd: ActingUser & { serverId: string; stateHash: string; sealed: string },
): McpAuthorizationStarted[] {
  ownServer(state, cmd.serverId);
  return [
    {
      type: 'McpAuthorizationStarted',
      data: { user_id: cmd.userId, server_id: cmd.serverId, state_hash: cmd.stateHash, sealed: cmd.sealed, started_at: cmd.now.toISOString() },
    },
  ];
}

/** The attempt a callback's state names, while it is open and fresh; else `mcp_authorization_invalid`. */
export function openAttempt(state: ToolsState, stateHash: string, now: Date) {
  const a = Object.hasOwn(state.attempts, stateHash) ? state.attempts[stateHash] : undefined;
  if (!a || !Object.hasOwn(state.servers, a.server_id) || now.getTime() - Date.parse(a.started_at) > MCP_AUTH_ATTEMPT_MS) throw toolErrors.invalidAttempt();
  return a;
}

/** Tokens kept: from a callback (`stateHash`, which closes its attempt) or a refresh (null). */
export function decideAuthorized(state: ToolsState, cmd: ActingUser & { serverId: string; sealed: string; stateHash: string | null }): McpServerAuthorized[] {
  if (!Object.hasOwn(state.servers, cmd.serverId)) return [];
  return [
    {
      type: 'McpServerAuthorized',
      data: { user_id: cmd.userId, server_id: cmd.serverId, sealed: cmd.sealed, state_hash: cmd.stateHash, authorized_at: cmd.now.toISOString() },
    },
  ];
}

/** An answer's model asked for a tool; it waits for the person unless they let it run by itself. */
export function decideRequestCall(
  state: ToolsState,
  cmd: ActingUser & Omit<McpCallRequested['data'], 'user_id' | 'needs_approval' | 'requested_at'>,
): McpCallRequested[] {
  const setting = settingOf(state, cmd.server_id, cmd.tool_name);
  if (!setting.enabled) throw toolErrors.toolNotFound();
  const { userId, now, ...call } = cmd;
  return [{ type: 'McpCallRequested', data: { ...call, user_id: userId, needs_approval: setting.approval !== 'always', requested_at: now.toISOString() } }];
}

/** The person approves or declines a call waiting for them; a call not waiting is refused. */
export function decideCallDecision(state: ToolsState, cmd: ActingUser & { callId: string; approved: boolean }): McpCallDecided[] {
  const call = Object.hasOwn(state.calls, cmd.callId) ? state.calls[cmd.callId] : undefined;
  if (!call) throw toolErrors.callNotFound();
  if (call.status !== 'awaiting_approval') throw toolErrors.callDecided();
  return [{ type: 'McpCallDecided', data: { user_id: cmd.userId, call_id: cmd.callId, approved: cmd.approved, decided_at: cmd.now.toISOString() } }];
}

export function decideFinishCall(state: ToolsState, cmd: ActingUser & Omit<McpCallFinished['data'], 'user_id' | 'finished_at'>): McpCallFinished[] {
  if (!Object.hasOwn(state.calls, cmd.call_id) || state.calls[cmd.call_id].status === 'finished') return [];
  const { userId, now, ...rest } = cmd;
  return [{ type: 'McpCallFinished', data: { ...rest, user_id: userId, finished_at: now.toISOString() } }];
}
