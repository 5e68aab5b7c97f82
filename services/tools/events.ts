// A person's tool servers (seed 003 §7), one stream per person: remote servers added, renamed,
// removed; each tool's setting (for remote and installed servers alike); OAuth attempts started and
// the tokens they ended with. Tokens, verifiers and client secrets are sealed before they are
// events (sealing.ts): the log never holds them in the clear.
import type { StoredEvent } from '../eventstore/types.js';

export type ToolApproval = 'ask' | 'always';
export type ToolSetting = { enabled: boolean; approval: ToolApproval };

export type McpServerAdded = { type: 'McpServerAdded'; data: { user_id: string; server_id: string; name: string; url: string; added_at: string } };
export type McpServerRenamed = { type: 'McpServerRenamed'; data: { user_id: string; server_id: string; name: string; renamed_at: string } };
export type McpServerRemoved = { type: 'McpServerRemoved'; data: { user_id: string; server_id: string; removed_at: string } };
export type McpToolSet = {
  type: 'McpToolSet';
  data: { user_id: string; server_id: string; tool_name: string; enabled: boolean; approval: ToolApproval; set_at: string };
};
/** An OAuth attempt: `state_hash` is the SHA-256 of the state sent to the provider; `sealed` its verifier and client. */
export type McpAuthorizationStarted = {
  type: 'McpAuthorizationStarted';
  data: { user_id: string; server_id: string; state_hash: string; sealed: string; started_at: string };
};
/** Tokens got (or refreshed): `sealed` holds them with the client they were issued to. */
export type McpServerAuthorized = {
  type: 'McpServerAuthorized';
  data: { user_id: string; server_id: string; sealed: string; state_hash: string | null; authorized_at: string };
};

/** An answer's model asked for a tool: `needs_approval` when the person has not allowed it to run by itself. */
export type McpCallRequested = {
  type: 'McpCallRequested';
  data: {
    user_id: string;
    call_id: string;
    backend_uuid: string;
    server_id: string;
    server_name: string;
    tool_name: string;
    arguments: unknown;
    needs_approval: boolean;
    requested_at: string;
  };
};
export type McpCallDecided = { type: 'McpCallDecided'; data: { user_id: string; call_id: string; approved: boolean; decided_at: string } };
export type McpCallFinished = {
  type: 'McpCallFinished';
  data: { user_id: string; call_id: string; status: 'done' | 'failed' | 'declined'; result: string | null; is_error: boolean; finished_at: string };
};

export type ToolEvent =
  | McpServerAdded
  | McpServerRenamed
  | McpServerRemoved
  | McpToolSet
  | McpAuthorizationStarted
  | McpServerAuthorized
  | McpCallRequested
  | McpCallDecided
  | McpCallFinished;

export const TOOL_EVENTS = [
  'McpServerAdded',
  'McpServerRenamed',
  'McpServerRemoved',
  'McpToolSet',
  'McpAuthorizationStarted',
  'McpServerAuthorized',
  'McpCallRequested',
  'McpCallDecided',
  'McpCallFinished',
] as const satisfies readonly ToolEvent['type'][];

export const toolsStream = (userId: string) => `mcp-${userId}`;

export type RemoteServer = { name: string; url: string; sealedCredentials: string | null };
export type ToolsState = {
  servers: Readonly<Record<string, RemoteServer>>;
  /** Per server id (remote or `installed-<name>`), per tool name. */
  tools: Readonly<Record<string, Readonly<Record<string, ToolSetting>>>>;
  /** Open OAuth attempts by state hash (a used one is gone). */
  attempts: Readonly<Record<string, { server_id: string; sealed: string; started_at: string }>>;
  /** Every call of an answer: waiting for the person, decided, running or finished. */
  calls: Readonly<Record<string, CallState>>;
};
export type CallState = { status: 'awaiting_approval' | 'approved' | 'declined' | 'running' | 'finished' };
export const initialTools: ToolsState = { servers: {}, tools: {}, attempts: {}, calls: {} };

const without = <T>(record: Readonly<Record<string, T>>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

export function evolveTools(state: ToolsState, event: StoredEvent | ToolEvent): ToolsState {
  const e = event as ToolEvent;
  switch (e.type) {
    case 'McpServerAdded':
      return { ...state, servers: { ...state.servers, [e.data.server_id]: { name: e.data.name, url: e.data.url, sealedCredentials: null } } };
    case 'McpServerRenamed': {
      const s = state.servers[e.data.server_id];
      return s ? { ...state, servers: { ...state.servers, [e.data.server_id]: { ...s, name: e.data.name } } } : state;
    }
    case 'McpServerRemoved': {
      const attempts = Object.fromEntries(Object.entries(state.attempts).filter(([, a]) => a.server_id !== e.data.server_id));
      return { ...state, servers: without(state.servers, e.data.server_id), tools: without(state.tools, e.data.server_id), attempts };
    }
    case 'McpToolSet':
      return {
        ...state,
        tools: {
          ...state.tools,
          [e.data.server_id]: { ...state.tools[e.data.server_id], [e.data.tool_name]: { enabled: e.data.enabled, approval: e.data.approval } },
        },
      };
    case 'McpAuthorizationStarted':
      return {
        ...state,
        attempts: { ...state.attempts, [e.data.state_hash]: { server_id: e.data.server_id, sealed: e.data.sealed, started_at: e.data.started_at } },
      };
    case 'McpServerAuthorized': {
      const s = state.servers[e.data.server_id];
      const attempts = e.data.state_hash ? without(state.attempts, e.data.state_hash) : state.attempts;
      return s ? { ...state, attempts, servers: { ...state.servers, [e.data.server_id]: { ...s, sealedCredentials: e.data.sealed } } } : { ...state, attempts };
    }
    case 'McpCallRequested':
      return { ...state, calls: { ...state.calls, [e.data.call_id]: { status: e.data.needs_approval ? 'awaiting_approval' : 'running' } } };
    case 'McpCallDecided':
      return Object.hasOwn(state.calls, e.data.call_id)
        ? { ...state, calls: { ...state.calls, [e.data.call_id]: { status: e.data.approved ? 'approved' : 'declined' } } }
        : state;
    case 'McpCallFinished':
      return Object.hasOwn(state.calls, e.data.call_id) ? { ...state, calls: { ...state.calls, [e.data.call_id]: { status: 'finished' } } } : state;
    default:
      return state;
  }
}

/** A tool's setting: off, asking before each call, until the person turns it on. */
export const settingOf = (state: ToolsState, serverId: string, tool: string): ToolSetting =>
  (Object.hasOwn(state.tools, serverId) && Object.hasOwn(state.tools[serverId], tool) ? state.tools[serverId][tool] : undefined) ?? {
    enabled: false,
    approval: 'ask',
  };
