// A person's API keys as events: created and revoked on one stream per person (the count of live
// keys is a rule), each answered request's use on its key's usage stream (facts that only add up,
// appended without a version check so concurrent requests never conflict).
import type { StoredEvent } from '../eventstore/types.js';
import type { ApiScope } from './scopes.js';

export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: { key_id: string; user_id: string; name: string; scopes: ApiScope[]; prefix: string; secret_hash: string; at: string };
};
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { key_id: string; user_id: string; at: string } };
export type ApiKeyUsed = {
  type: 'ApiKeyUsed';
  data: { key_id: string; user_id: string; requests: number; prompt_tokens: number; completion_tokens: number; search_queries: number; at: string };
};
export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyUsed;

export const API_KEY_EVENT_TYPES = ['ApiKeyCreated', 'ApiKeyRevoked', 'ApiKeyUsed'] as const;

export const apiKeysStream = (userId: string) => `apikeys-${userId}`;
export const apiKeyUsageStream = (keyId: string) => `apikey-usage-${keyId}`;

/** A person's keys: for each, whether it is revoked. */
export type ApiKeysState = { keys: ReadonlyMap<string, { revoked: boolean }> };
export const initialApiKeys: ApiKeysState = { keys: new Map() };

export function evolveApiKeys(state: ApiKeysState, event: StoredEvent): ApiKeysState {
  const e = { type: event.type, data: event.data } as ApiKeyEvent;
  if (e.type === 'ApiKeyCreated') return { keys: new Map(state.keys).set(e.data.key_id, { revoked: false }) };
  if (e.type === 'ApiKeyRevoked') return { keys: new Map(state.keys).set(e.data.key_id, { revoked: true }) };
  return state;
}
