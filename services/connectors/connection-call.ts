// A provider call through a connection: the connection's token (refreshed when refused) and its
// limiter, so pickers, file syncs and app syncs share the connection's pace. The one place a
// connection's provider is set up: file adapters (sync.ts), app adapters (app-sync.ts) and the
// picker's calls outside an adapter (Box's picker key, SharePoint's sites) all start here. Null
// when the connection is gone or disconnected, or its provider is not configured.
import type { Db } from '../db/database.js';
import type { ConnectorsPort } from './context.js';
import { accessToken } from './credentials.js';
import type { ProviderCallDeps } from './provider-call.js';
import type { FamilyEndpoints } from './providers.js';
import { type ConnectionRow, connectionRow } from './queries.js';
import { type ConnectorInfo, connectorInfo } from './registry.js';
import { own } from './tables.js';

/** What setting up a connection's calls takes: a request's context has it as a sync's deps do. */
export type AdapterDeps = { db: Db; now: () => Date; connectors: ConnectorsPort };

export type ConnectionCall = { call: ProviderCallDeps; endpoints: FamilyEndpoints; row: ConnectionRow; info: ConnectorInfo };

/**
 * `track`: a provider's wait is recorded on the connection, so its list shows RATE_LIMITED ('Queued').
 * `answerNow`: a call a person's request waits for: no retries, and a provider's wait is a failure.
 */
export type CallOptions = { track?: boolean; answerNow?: boolean };

export async function connectionCall(deps: AdapterDeps, connectionUuid: string, opts: CallOptions = {}): Promise<ConnectionCall | null> {
  const row = await connectionRow(deps.db, connectionUuid);
  const info = row && row.status === 'connected' ? connectorInfo(row.connector) : null;
  const client = info ? deps.connectors.clients[info.family] : null;
  if (!row || !info || !client) return null;
  return {
    row,
    info,
    endpoints: client.endpoints,
    call: {
      key: `${info.family}:${info.name}:${connectionUuid}`,
      apiBase: client.endpoints.api,
      token: (stale) => accessToken({ db: deps.db, tokens: deps.connectors.tokens, client, now: deps.now }, connectionUuid, { stale }),
      limiter: deps.connectors.limiter,
      ...(opts.track ? { onRateLimited: (ms: number) => void markRateLimited(deps, connectionUuid, ms) } : {}),
      ...(opts.answerNow ? { retries: 0, pacedWaits: 0 } : {}),
    },
  };
}

async function markRateLimited(deps: AdapterDeps, connectionUuid: string, ms: number) {
  const until = new Date(deps.now().getTime() + ms);
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor: null, rate_limited_until: until, last_synced_at: null })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ rate_limited_until: until }))
    .execute();
}
