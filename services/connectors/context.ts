// What the connectors' use cases need beyond the kernel: each provider family's OAuth client (null
// when its administrator has not configured it), the box that seals tokens, and the address
// providers send the browser back to.
import type { Config } from '../shared/config.js';
import type { KernelContext } from '../shared/context.js';
import type { ProviderFamily } from '../shared/connector-families.js';
import type { OAuthClient } from './oauth.js';
import { endpointsOf } from './providers.js';
import { PROVIDER_FAMILIES } from './registry.js';
import { RateLimiter } from './rate-limiter.js';
import { paceOf } from './provider-pace.js';
import { createTokenBox, type TokenBox, tokenKeyOf } from './token-box.js';

export type ConnectorsPort = {
  clients: Record<ProviderFamily, OAuthClient | null>;
  tokens: TokenBox;
  /** `<PUBLIC_URL>/rest/connectors/oauth/callback`: the redirect URI to register with every provider. */
  callbackUrl: string;
  mergeCallbackUrl: string;
  /** One per instance, keyed by provider and connection: syncs and pickers share each connection's pace. */
  limiter: RateLimiter;
};

/** A run of a file connection's sync: a pick, a delta (scheduled) or a resync (asked). */
export type SyncRun = { connection_uuid: string; run: string; kind?: 'pick' | 'delta' | 'resync' };
/** A disconnected or deleted connection's removal: `by` is who disconnected or deleted it. */
export type RemovalRun = { connection_uuid: string; run: string; by: string };
/**
 * Starts a connection's sync (durable workflows; services/app wires them): a file connection's
 * picked items and deltas (workflows/connector-sync.ts), an app connection's content (workflows/connector-app-sync.ts),
 * and the removal of what a disconnected or deleted connection synced (workflows/connector-removal.ts).
 */
export type ConnectorSyncStarter = {
  start: (job: SyncRun) => Promise<void>;
  startApp: (job: { connection_uuid: string; run: string }) => Promise<void>;
  remove: (job: RemovalRun) => Promise<void>;
};

export type ConnectorsContext = KernelContext & { connectors: ConnectorsPort; connectorSync: ConnectorSyncStarter };

export function connectorsPort(config: Config): ConnectorsPort {
  const clients = {} as ConnectorsPort['clients'];
  for (const family of PROVIDER_FAMILIES) {
    const c = config.connectors.clients[family];
    clients[family] = c ? { family, endpoints: endpointsOf(family, c.baseUrl), clientId: c.clientId, clientSecret: c.clientSecret } : null;
  }
  return {
    clients,
    tokens: createTokenBox(tokenKeyOf(config.connectors.tokenKey, config.dataDir), config.connectors.oldTokenKeys),
    callbackUrl: `${config.publicUrl}/rest/connectors/oauth/callback`,
    mergeCallbackUrl: `${config.publicUrl}/rest/connections/oauth_callback_merge`,
    limiter: new RateLimiter((key) => paceOf(key, config.connectors.callSpacingMs)),
  };
}
