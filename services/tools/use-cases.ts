// The tool servers' use cases: each takes one Actor (or, for the answer engine and the agent, the
// person's id) and knows nothing of HTTP. Changes read the person's stream, decide, and append with
// the expected version (the projection writes the read model in the same transaction); calls to a
// server happen before any append, so a server that fails leaves nothing behind.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { changeStream } from '../eventstore/change.js';
import type { NewEvent } from '../eventstore/types.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/domain-error.js';
import { type McpCallResult, type McpTool, callToolOf, connectRemote, listToolsOf } from './connections.js';
import type { ToolsContext, ToolsDeps } from './context.js';
import {
  decideAddServer,
  decideAuthorized,
  decideCallDecision,
  decideRemoveServer,
  decideStartAuthorization,
  decideToolSetting,
  decideUpdateServer,
  isInstalledId,
  openAttempt,
} from './decide.js';
import { toolErrors } from './errors.js';
import { evolveTools, initialTools, settingOf, type ToolApproval, type ToolsState, toolsStream } from './events.js';
import type { McpAttempt, McpCredentials } from './oauth.js';
import { HeldOAuth } from './oauth.js';
import { callOf, callsOf, serverOf, serversOf, toolSettingsOf } from './queries.js';
import { checkServerUrl } from './server-url.js';

export type ServerView = { server_id: string; name: string; url: string | null; kind: 'remote' | 'installed'; authorization: 'none' | 'authorized' };

async function signedIn(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw toolErrors.unauthenticated();
  return userId;
}

export const stateOf = (ctx: ToolsDeps, userId: string) => ctx.store.aggregate(toolsStream(userId), initialTools, evolveTools).then((a) => a.state);

export function change<E extends NewEvent>(ctx: ToolsDeps, userId: string, decide: (state: ToolsState) => E[]) {
  return changeStream(ctx.store, { stream: toolsStream(userId), initial: initialTools, evolve: evolveTools }, decide);
}

async function viewOf(ctx: ToolsContext, userId: string, serverId: string): Promise<ServerView> {
  const row = await serverOf(ctx.db, userId, serverId);
  if (!row) throw toolErrors.notFound();
  return { server_id: row.server_id, name: row.name, url: row.url, kind: 'remote', authorization: row.authorized ? 'authorized' : 'none' };
}

export async function listServers(ctx: ToolsContext, actor: Actor): Promise<ServerView[]> {
  const userId = await signedIn(actor);
  const own = (await serversOf(ctx.db, userId)).map(
    (r): ServerView => ({ server_id: r.server_id, name: r.name, url: r.url, kind: 'remote', authorization: r.authorized ? 'authorized' : 'none' }),
  );
  const installed = ctx.mcp.installed.servers.map(
    (s): ServerView => ({ server_id: s.server_id, name: s.name, url: null, kind: 'installed', authorization: 'none' }),
  );
  return [...own, ...installed];
}

export async function addServer(ctx: ToolsContext, actor: Actor, input: { name: string; url: string }) {
  const userId = await signedIn(actor);
  const url = checkServerUrl(input.url, ctx.mcp.allowPrivateHosts);
  const serverId = randomUUID();
  await change(ctx, userId, (s) => decideAddServer(s, { userId, now: ctx.now(), serverId, name: input.name, url }));
  return viewOf(ctx, userId, serverId);
}

export async function updateServer(ctx: ToolsContext, actor: Actor, serverId: string, input: { name: string; url: string }) {
  const userId = await signedIn(actor);
  if (isInstalledId(serverId)) throw toolErrors.installed();
  const url = checkServerUrl(input.url, ctx.mcp.allowPrivateHosts);
  await change(ctx, userId, (s) => decideUpdateServer(s, { userId, now: ctx.now(), serverId, name: input.name, url }));
  return viewOf(ctx, userId, serverId);
}

export async function removeServer(ctx: ToolsContext, actor: Actor, serverId: string) {
  const userId = await signedIn(actor);
  await change(ctx, userId, (s) => decideRemoveServer(s, { userId, now: ctx.now(), serverId }));
}

export async function setToolSetting(ctx: ToolsContext, actor: Actor, serverId: string, tool: string, input: { enabled: boolean; approval: ToolApproval }) {
  const userId = await signedIn(actor);
  if (isInstalledId(serverId) && !ctx.mcp.installed.find(serverId)) throw toolErrors.notFound();
  await change(ctx, userId, (s) => decideToolSetting(s, { userId, now: ctx.now(), serverId, tool, ...input }));
  return { server_id: serverId, tool_name: tool, enabled: input.enabled, approval: input.approval };
}

/** Why a server could not be used, in the person's words; never the tokens or a stack. */
function unreachable(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  // UnauthorizedError from the SDK's OAuth flow; a bare 401 when no credentials were offered.
  if (err instanceof UnauthorizedError || (err as { code?: unknown })?.code === 401) return toolErrors.authorizationRequired();
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof DomainError) return cause;
  const message = err instanceof Error ? err.message : String(err);
  return toolErrors.unreachable(message.slice(0, 200));
}

/**
 * Runs `use` with a connected client of the person's server (remote or installed). Tokens the SDK
 * refreshed on the way are sealed into the person's stream afterwards.
 */
async function withServer<T>(ctx: ToolsDeps, userId: string, serverId: string, use: (client: Client) => Promise<T>): Promise<T> {
  if (isInstalledId(serverId)) {
    const server = ctx.mcp.installed.find(serverId);
    if (!server) throw toolErrors.notFound();
    try {
      return await use(await ctx.mcp.installed.client(server));
    } catch (err) {
      throw unreachable(err);
    }
  }
  const state = await stateOf(ctx, userId);
  const server = Object.hasOwn(state.servers, serverId) ? state.servers[serverId] : undefined;
  if (!server) throw toolErrors.notFound();
  const credentials: McpCredentials = server.sealedCredentials ? ctx.mcp.sealer.open(userId, serverId, server.sealedCredentials) : {};
  // No browser waits here: a server that wants a new authorization is told to the person as such.
  const oauth = new HeldOAuth({ redirectUrl: ctx.mcp.callbackUrl, credentials, state: 'unused' });
  let client: Client | undefined;
  try {
    // Without credentials held there is nothing to refresh: no OAuth flow (nor a client registered) on a 401.
    client = await connectRemote(server.url, { fetch: ctx.mcp.fetch, authProvider: server.sealedCredentials ? oauth : undefined });
    return await use(client);
  } catch (err) {
    if (oauth.authorizationUrl) throw toolErrors.authorizationRequired();
    throw unreachable(err);
  } finally {
    await client?.close().catch(() => {});
    if (oauth.tokensChanged && oauth.credentials.tokens) {
      const sealed = ctx.mcp.sealer.seal(userId, serverId, oauth.credentials);
      await change(ctx, userId, (s) => decideAuthorized(s, { userId, now: ctx.now(), serverId, sealed, stateHash: null }));
    }
  }
}

export type ToolWithSetting = McpTool & { enabled: boolean; approval: ToolApproval };

export async function listServerTools(ctx: ToolsContext, actor: Actor, serverId: string): Promise<ToolWithSetting[]> {
  const userId = await signedIn(actor);
  return toolsWithSettings(ctx, userId, serverId);
}

async function toolsWithSettings(ctx: ToolsContext, userId: string, serverId: string): Promise<ToolWithSetting[]> {
  const tools = await withServer(ctx, userId, serverId, listToolsOf);
  const settings = new Map((await toolSettingsOf(ctx.db, userId, serverId)).map((s) => [s.tool_name, s]));
  return tools.map((t) => ({ ...t, enabled: settings.get(t.name)?.enabled ?? false, approval: settings.get(t.name)?.approval ?? 'ask' }));
}

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * Starts OAuth for a remote server: the SDK discovers the protected-resource metadata and the
 * authorization server, registers this app, and builds the authorization address with PKCE and
 * the `resource` parameter. Null when the server answers without asking for authorization.
 */
export async function startAuthorization(ctx: ToolsContext, actor: Actor, serverId: string): Promise<string | null> {
  const userId = await signedIn(actor);
  if (isInstalledId(serverId)) throw toolErrors.installed();
  const state = await stateOf(ctx, userId);
  const server = Object.hasOwn(state.servers, serverId) ? state.servers[serverId] : undefined;
  if (!server) throw toolErrors.notFound();
  const kept: McpCredentials = server.sealedCredentials ? ctx.mcp.sealer.open(userId, serverId, server.sealedCredentials) : {};
  const oauthState = randomBytes(32).toString('base64url');
  // A fresh start: the tokens held are the ones being replaced, the registered client is kept.
  const oauth = new HeldOAuth({ redirectUrl: ctx.mcp.callbackUrl, credentials: { client: kept.client }, state: oauthState });
  let client: Client | undefined;
  try {
    client = await connectRemote(server.url, { fetch: ctx.mcp.fetch, authProvider: oauth });
  } catch (err) {
    if (!oauth.authorizationUrl) throw unreachable(err);
  } finally {
    await client?.close().catch(() => {});
  }
  if (!oauth.authorizationUrl) return null;
  const verifier = oauth.heldVerifier;
  if (!verifier) throw toolErrors.authorizationFailed('no PKCE verifier was made.');
  const attempt: McpAttempt = { client: oauth.credentials.client, verifier };
  const sealed = ctx.mcp.sealer.seal(userId, serverId, attempt);
  await change(ctx, userId, (s) => decideStartAuthorization(s, { userId, now: ctx.now(), serverId, stateHash: hashState(oauthState), sealed }));
  return oauth.authorizationUrl.href;
}

/** The browser back from the authorization server: the code exchanged with the attempt's verifier, the tokens kept. Answers where to send the browser. */
export async function finishAuthorization(ctx: ToolsContext, actor: Actor, query: { code?: string; state?: string; error?: string }): Promise<string> {
  const back = (outcome: string) => `/account/assistant?mcp=${outcome}`;
  const userId = await actor.userId();
  if (!userId || !query.state) throw toolErrors.invalidAttempt();
  const stateHash = hashState(query.state);
  const state = await stateOf(ctx, userId);
  const attempt = openAttempt(state, stateHash, ctx.now());
  if (query.error || !query.code) return back('connection_cancelled');
  const server = state.servers[attempt.server_id];
  const held: McpAttempt = ctx.mcp.sealer.open(userId, attempt.server_id, attempt.sealed);
  const oauth = new HeldOAuth({ redirectUrl: ctx.mcp.callbackUrl, credentials: { client: held.client }, verifier: held.verifier });
  try {
    const result = await auth(oauth, { serverUrl: server.url, authorizationCode: query.code, fetchFn: ctx.mcp.fetch });
    if (result !== 'AUTHORIZED' || !oauth.credentials.tokens) return back('connection_error');
  } catch {
    return back('connection_error');
  }
  const sealed = ctx.mcp.sealer.seal(userId, attempt.server_id, oauth.credentials);
  await change(ctx, userId, (s) => decideAuthorized(s, { userId, now: ctx.now(), serverId: attempt.server_id, sealed, stateHash }));
  return back('connected');
}

/** A tool a person enabled, as the answer engine and the agent offer it to a model. */
export type EnabledTool = McpTool & { server_id: string; server_name: string; approval: ToolApproval };

/**
 * The tools the person enabled, asked of their servers now. A server that cannot be reached is
 * left out (the answer goes on without it), never an error.
 */
export async function enabledToolsOf(ctx: ToolsDeps, userId: string): Promise<EnabledTool[]> {
  const settings = (await toolSettingsOf(ctx.db, userId)).filter((s) => s.enabled);
  if (!settings.length) return [];
  const names = new Map([
    ...(await serversOf(ctx.db, userId)).map((s) => [s.server_id, s.name] as const),
    ...ctx.mcp.installed.servers.map((s) => [s.server_id, s.name] as const),
  ]);
  const byServer = new Map<string, typeof settings>();
  for (const s of settings) byServer.set(s.server_id, [...(byServer.get(s.server_id) ?? []), s]);
  const lists = await Promise.all(
    [...byServer.entries()].map(async ([serverId, wanted]) => {
      if (!names.has(serverId)) return [];
      const tools = await withServer(ctx, userId, serverId, listToolsOf).catch(() => [] as McpTool[]);
      const approval = new Map(wanted.map((w) => [w.tool_name, w.approval]));
      return tools
        .filter((t) => approval.has(t.name))
        .map((t): EnabledTool => ({ ...t, server_id: serverId, server_name: names.get(serverId)!, approval: approval.get(t.name)! }));
    }),
  );
  return lists.flat();
}

/** Calls an enabled tool for the person; its result is the server's text, to be treated as untrusted data. */
export async function callEnabledTool(ctx: ToolsDeps, userId: string, serverId: string, tool: string, args: Record<string, unknown>): Promise<McpCallResult> {
  const state = await stateOf(ctx, userId);
  if (!settingOf(state, serverId, tool).enabled) throw toolErrors.toolNotFound();
  return withServer(ctx, userId, serverId, (client) => callToolOf(client, tool, args));
}

/** The person approves or declines a tool call waiting in one of their answers. */
export async function decideToolCall(ctx: ToolsContext, actor: Actor, callId: string, approved: boolean) {
  const userId = await signedIn(actor);
  await change(ctx, userId, (s) => decideCallDecision(s, { userId, now: ctx.now(), callId, approved }));
  const row = await callOf(ctx.db, userId, callId);
  if (!row) throw toolErrors.callNotFound();
  return row;
}

/** The tool calls of one of the person's answers (none for another person's answer). */
export async function listAnswerToolCalls(ctx: ToolsContext, actor: Actor, backendUuid: string) {
  const userId = await signedIn(actor);
  return callsOf(ctx.db, userId, backendUuid);
}
