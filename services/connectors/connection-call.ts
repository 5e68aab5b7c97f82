// A provider call through a connection, for what the picker asks outside an adapter (Box's picker
// key, SharePoint's sites): the connection's token (refreshed when refused) and its limiter, so a
// picker and a sync share the connection's pace. Null when the connection is gone or its provider
// is not configured.
import type { AdapterDeps } from './sync.js';
import { accessToken } from './credentials.js';
import type { ProviderCallDeps } from './provider-call.js';
import type { FamilyEndpoints } from './providers.js';
import { connectionRow } from './queries.js';
import { connectorInfo } from './registry.js';

export async function connectionCall(deps: AdapterDeps, connectionUuid: string): Promise<{ call: ProviderCallDeps; endpoints: FamilyEndpoints } | null> {
  const row = await connectionRow(deps.db, connectionUuid);
  const info = row && row.status === 'connected' ? connectorInfo(row.connector) : null;
  const client = info ? deps.connectors.clients[info.family] : null;
  if (!row || !info || !client) return null;
  return {
    endpoints: client.endpoints,
    call: {
      key: `${info.family}:${connectionUuid}`,
      apiBase: client.endpoints.api,
      token: (stale) => accessToken({ db: deps.db, tokens: deps.connectors.tokens, client, now: deps.now }, connectionUuid, { stale }),
      limiter: deps.connectors.limiter,
    },
  };
}
