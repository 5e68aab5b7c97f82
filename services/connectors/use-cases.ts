// The connectors' use cases: list what the person may connect, start an OAuth attempt, finish it
// (a connection made or renewed, its tokens sealed in the same transaction as its event), and
// disconnect or delete a connection (tokens forgotten, then revoked at the provider where it can).
import type { Actor, MemberFacts } from '../shared/actor.js';
import { changeStream } from '../eventstore/change.js';
import type { Trx } from '../eventstore/types.js';
import { membershipsOf } from '../orgs/index.js';
import { identifyAccount } from './accounts.js';
import type { ConnectorsContext } from './context.js';
import { type ConnectScope, decideConnectStart, decideDelete, decideDisconnect, decideEstablish, mayView } from './decide.js';
import { connectorErrors } from './errors.js';
import { type ConnectionState, connectionStream, evolveConnection, NO_CONNECTION } from './events.js';
import { authorizationUrl, exchangeCode, expiryOf, newFlow, ProviderAuthError, revokeToken } from './oauth.js';
import { CONNECTOR_GRANTS } from './providers.js';
import { accountConnection, connectionRow, connectionsOf, stateHash } from './queries.js';
import { CONNECTORS, type ConnectorInfo, connectorInfo, isConnectionUuid } from './registry.js';
import { sitePath, withOutcome } from './return-path.js';
import { own } from './tables.js';
import { connectionView, connectorView } from './views.js';
import { ownPickerCredentials } from './own-pickers.js';

/** How long an OAuth attempt waits for the browser to come back. */
const FLOW_MINUTES = 10;
const DEFAULT_RETURN = { user: '/account/connectors', org: '/account/org/connectors' } as const;

/** The signed-in person with their organisation and role in it (the first they joined, as the session's). */
export async function connectorActor(ctx: ConnectorsContext, actor: Actor): Promise<MemberFacts> {
  const userId = await actor.userId();
  if (!userId) throw connectorErrors.unauthenticated();
  const [orgUuid, memberships] = await Promise.all([actor.org(), membershipsOf(ctx.db, userId)]);
  const org = memberships.find((m) => m.org_uuid === orgUuid) ?? memberships[0] ?? null;
  return { userId, org };
}

function connectorOrThrow(name: string) {
  const info = connectorInfo(name);
  if (!info) throw connectorErrors.unknownConnector();
  return info;
}
const clientOf = (ctx: ConnectorsContext, info: ConnectorInfo) => ctx.connectors.clients[info.family];

export async function listConnectors(ctx: ConnectorsContext, actor: Actor, scope: ConnectScope) {
  const who = await connectorActor(ctx, actor);
  if (scope === 'org' && !who.org) throw connectorErrors.noOrganisation();
  const rows = await connectionsOf(ctx.db, scope === 'org' && who.org ? { orgUuid: who.org.org_uuid } : { userId: who.userId });
  return CONNECTORS.map((info) => {
    // The connected one first (rows come newest first), else the newest disconnected one.
    const row = rows.find((r) => r.connector === info.name && r.status === 'connected') ?? rows.find((r) => r.connector === info.name) ?? null;
    const client = clientOf(ctx, info);
    const picker = ownPickerCredentials(info.name, ctx.config.connectors.ownPickers, {
      clientId: client?.clientId ?? null,
      accountIdentifier: row?.display_name ?? null,
    });
    return connectorView(info, row, { configured: !!client, actor: who, scope, picker });
  });
}

export type StartInput = { name: string; scope: ConnectScope; redirectPath?: string; unauthedRedirectPath?: string };

/** The provider's authorization address for a new attempt, kept on the server (hashed state, sealed verifier) for ten minutes. */
export async function startConnection(ctx: ConnectorsContext, actor: Actor, input: StartInput): Promise<{ redirect_url: string }> {
  const info = connectorOrThrow(input.name);
  if (!(await actor.userId())) {
    // A visitor is sent where the page asked (a path on this site), or to sign in first.
    const back = sitePath(input.redirectPath) ?? DEFAULT_RETURN[input.scope];
    return { redirect_url: sitePath(input.unauthedRedirectPath) ?? `/login?redirect=${encodeURIComponent(back)}` };
  }
  const who = await connectorActor(ctx, actor);
  const client = clientOf(ctx, info);
  const owner = decideConnectStart({ info, configured: !!client, scope: input.scope, actor: who });
  if (!client) throw connectorErrors.notConfigured(info.label);
  const flow = newFlow();
  const hash = stateHash(flow.state);
  await own(ctx.db)
    .insertInto('connector_flows')
    .values({
      state_hash: hash,
      user_id: who.userId,
      connector: info.name,
      org_uuid: owner.org_uuid,
      verifier_sealed: ctx.connectors.tokens.seal(hash, 'verifier', flow.codeVerifier),
      return_path: sitePath(input.redirectPath) ?? DEFAULT_RETURN[input.scope],
      expires_at: new Date(ctx.now().getTime() + FLOW_MINUTES * 60_000),
    })
    .execute();
  // Attempts that were never finished are cleared as new ones start.
  await own(ctx.db).deleteFrom('connector_flows').where('expires_at', '<', ctx.now()).execute();
  return { redirect_url: await authorizationUrl(client, CONNECTOR_GRANTS[info.name], ctx.connectors.callbackUrl, flow) };
}

/**
 * The browser back from the provider: the attempt is taken (used once, only by the person who
 * started it), the code exchanged, the account named, and the connection made or renewed with its
 * sealed tokens in one transaction. Answers where to send the browser, never an error page: a
 * cancel at the provider comes back as `connection_cancelled`, anything else as `connection_error`.
 */
export async function finishConnection(ctx: ConnectorsContext, actor: Actor, params: URLSearchParams, connectionType: string | null): Promise<string> {
  const userId = await actor.userId();
  const state = params.get('state');
  const fallback = DEFAULT_RETURN.user;
  if (!userId || !state) return withOutcome(fallback, 'connection_error', connectorErrors.flowExpired().code);
  const hash = stateHash(state);
  const flow = await own(ctx.db).deleteFrom('connector_flows').where('state_hash', '=', hash).where('user_id', '=', userId).returningAll().executeTakeFirst();
  if (!flow || new Date(flow.expires_at) < ctx.now()) return withOutcome(fallback, 'connection_error', connectorErrors.flowExpired().code);
  const info = connectorInfo(flow.connector);
  if (!info || (connectionType !== null && connectionType !== info.name))
    return withOutcome(flow.return_path, 'connection_error', connectorErrors.flowExpired().code);
  if (params.get('error') === 'access_denied') return withOutcome(flow.return_path, 'connection_cancelled', info.name);
  const client = clientOf(ctx, info);
  if (!client) return withOutcome(flow.return_path, 'connection_error', connectorErrors.notConfigured(info.label).code);
  try {
    const codeVerifier = ctx.connectors.tokens.open(hash, 'verifier', flow.verifier_sealed);
    const tokens = await exchangeCode(client, params, { state, codeVerifier }, ctx.connectors.callbackUrl);
    const account = await identifyAccount(client, tokens);
    const connectionUuid = await ctx.db.transaction().execute(async (trx) => {
      const existing = await accountConnection(trx, { connector: info.name, ownerUserId: userId, orgUuid: flow.org_uuid, accountId: account.accountId });
      const { connection_uuid } = await establish(ctx, trx, existing?.connection_uuid ?? null, {
        info,
        userId,
        orgUuid: flow.org_uuid,
        account,
        scope: tokens.scope,
      });
      const box = ctx.connectors.tokens;
      const sealed = {
        access_sealed: box.seal(connection_uuid, 'access', tokens.accessToken),
        refresh_sealed: tokens.refreshToken ? box.seal(connection_uuid, 'refresh', tokens.refreshToken) : null,
        expires_at: expiryOf(tokens, ctx.now()),
        updated_at: ctx.now(),
      };
      await own(trx)
        .insertInto('connector_credentials')
        .values({ connection_uuid, ...sealed })
        .onConflict((oc) => oc.column('connection_uuid').doUpdateSet(sealed))
        .execute();
      return connection_uuid;
    });
    // An app brings its content in by itself (no picker): connecting it (again) syncs it.
    if (info.kind === 'app') await ctx.connectorSync.startApp({ connection_uuid: connectionUuid, run: crypto.randomUUID() });
    return withOutcome(flow.return_path, 'connected', info.name);
  } catch (err) {
    if (!(err instanceof ProviderAuthError)) throw err;
    // The reason is the provider's error code or our own words: never a token or a secret.
    ctx.logger.warn({ connector: info.name, reason: err.message, providerError: err.providerError }, 'a connection could not be finished');
    return withOutcome(flow.return_path, 'connection_error', connectorErrors.startFailed().code);
  }
}

type EstablishInput = {
  info: ConnectorInfo;
  userId: string;
  orgUuid: string | null;
  account: { accountId: string; displayName: string };
  scope: string | null;
};

/** The account's connection renewed (its stream, with the expected version), or a new stream. */
async function establish(ctx: ConnectorsContext, trx: Trx, existingUuid: string | null, f: EstablishInput) {
  const decide = (state: ConnectionState) =>
    decideEstablish(state, {
      connector: f.info.name,
      owner: { owner_user_id: f.userId, org_uuid: f.orgUuid },
      byUserId: f.userId,
      account: f.account,
      scope: f.scope,
      now: ctx.now(),
    });
  if (existingUuid) {
    await changeStream(ctx.store, { stream: connectionStream(existingUuid), initial: NO_CONNECTION, evolve: evolveConnection }, (s) => decide(s).events, {
      trx,
    });
    return { connection_uuid: existingUuid };
  }
  const made = decide(NO_CONNECTION);
  await ctx.store.append(connectionStream(made.connection_uuid), 'no_stream', made.events, trx);
  return { connection_uuid: made.connection_uuid };
}

async function connectionState(ctx: ConnectorsContext, connectionUuid: string) {
  return (await ctx.store.aggregate(connectionStream(connectionUuid), NO_CONNECTION, evolveConnection)).state;
}

/** `connector_id`: a connection's uuid, or a connector's name (the person's own connection to it). */
async function connectionUuidOf(ctx: ConnectorsContext, who: MemberFacts, connectorId: string) {
  if (isConnectionUuid(connectorId)) return connectorId;
  const info = connectorOrThrow(connectorId);
  const rows = await connectionsOf(ctx.db, { userId: who.userId });
  const row = rows.find((r) => r.connector === info.name && r.status === 'connected') ?? rows.find((r) => r.connector === info.name);
  if (!row) throw connectorErrors.connectionNotFound();
  return row.connection_uuid;
}

/**
 * Disconnects: the event and the tokens' removal in one transaction, then what it synced is
 * removed by a durable workflow (answered at once however many files it synced), and the
 * provider asked to revoke the tokens.
 */
export async function disconnectConnection(ctx: ConnectorsContext, actor: Actor, connectorId: string) {
  const who = await connectorActor(ctx, actor);
  const uuid = await connectionUuidOf(ctx, who, connectorId);
  const tokens = await ctx.db.transaction().execute(async (trx) => {
    const decided = await changeStream(
      ctx.store,
      { stream: connectionStream(uuid), initial: NO_CONNECTION, evolve: evolveConnection },
      (s) => decideDisconnect(s, who, ctx.now()),
      { trx },
    );
    if (!decided.length) return undefined;
    return own(trx).deleteFrom('connector_credentials').where('connection_uuid', '=', uuid).returningAll().executeTakeFirst();
  });
  // The removal is named by the disconnection (the stream's version): disconnecting again, after
  // its start failed or twice, starts it once; once it has finished, there is nothing to start.
  const { state, version } = await ctx.store.aggregate(connectionStream(uuid), NO_CONNECTION, evolveConnection);
  if (state.status === 'disconnected' && !state.content_removed) await removeSynced(ctx, uuid, who.userId, `disconnect-${version}`);
  if (tokens) await revokeAtProvider(ctx, uuid, tokens);
  return viewOf(ctx, who, uuid);
}

export async function deleteConnection(ctx: ConnectorsContext, actor: Actor, connectionUuid: string) {
  const who = await connectorActor(ctx, actor);
  const tokens = await ctx.db.transaction().execute(async (trx) => {
    await changeStream(
      ctx.store,
      { stream: connectionStream(connectionUuid), initial: NO_CONNECTION, evolve: evolveConnection },
      (s) => decideDelete(s, who, ctx.now()),
      { trx },
    );
    return own(trx).deleteFrom('connector_credentials').where('connection_uuid', '=', connectionUuid).returningAll().executeTakeFirst();
  });
  await removeSynced(ctx, connectionUuid, who.userId, 'delete');
  if (tokens) await revokeAtProvider(ctx, connectionUuid, tokens);
}

/** A connection's synced files deleted from files (their passages leave answers), its items and app documents removed, in the background. */
const removeSynced = (ctx: ConnectorsContext, connectionUuid: string, by: string, run: string) =>
  ctx.connectorSync.remove({ connection_uuid: connectionUuid, run, by });

/** The connection as the person sees it (404 for one they may not see). */
export async function viewOf(ctx: ConnectorsContext, who: MemberFacts, connectionUuid: string) {
  const [row, state] = await Promise.all([connectionRow(ctx.db, connectionUuid), connectionState(ctx, connectionUuid)]);
  if (!row || !mayView(state, who)) throw connectorErrors.connectionNotFound();
  return connectionView(row, state, who);
}

/** Best effort: the tokens are already forgotten here; a provider that does not answer is logged, not retried. */
async function revokeAtProvider(ctx: ConnectorsContext, connectionUuid: string, sealed: { access_sealed: string; refresh_sealed: string | null }) {
  const row = await connectionRow(ctx.db, connectionUuid);
  const state = row ? null : await connectionState(ctx, connectionUuid);
  const connector = row?.connector ?? (state && state.status !== 'none' ? state.connector : null);
  const info = connector ? connectorInfo(connector) : null;
  const client = info ? clientOf(ctx, info) : null;
  if (!client) return;
  try {
    const token = sealed.refresh_sealed
      ? ctx.connectors.tokens.open(connectionUuid, 'refresh', sealed.refresh_sealed)
      : ctx.connectors.tokens.open(connectionUuid, 'access', sealed.access_sealed);
    await revokeToken(client, token);
  } catch (err) {
    ctx.logger.warn({ connector, reason: (err as Error).message }, 'a disconnected connection could not be revoked at its provider');
  }
}
