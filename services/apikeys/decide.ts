// The rules of a person's API keys. Pure: the clock, the key id and the secret's hash are passed in.
import type { ApiKeyCreated, ApiKeyRevoked, ApiKeysState } from './events.js';
import { apiKeyErrors } from './errors.js';
import { MAX_LIVE_KEYS, type ApiScope } from './scopes.js';

export type CreateKey = { user_id: string; key_id: string; name: string; scopes: ApiScope[]; prefix: string; secret_hash: string; now: Date };

export function decideCreateKey(state: ApiKeysState, cmd: CreateKey): ApiKeyCreated[] {
  const live = [...state.keys.values()].filter((k) => !k.revoked).length;
  if (live >= MAX_LIVE_KEYS) throw apiKeyErrors.tooManyKeys();
  const { now, ...data } = cmd;
  return [{ type: 'ApiKeyCreated', data: { ...data, name: cmd.name.trim(), scopes: [...new Set(cmd.scopes)], at: now.toISOString() } }];
}

/** Revoking a revoked key changes nothing; a key that is not the person's is not found. */
export function decideRevokeKey(state: ApiKeysState, cmd: { user_id: string; key_id: string; now: Date }): ApiKeyRevoked[] {
  const key = state.keys.get(cmd.key_id);
  if (!key) throw apiKeyErrors.keyNotFound();
  if (key.revoked) return [];
  return [{ type: 'ApiKeyRevoked', data: { key_id: cmd.key_id, user_id: cmd.user_id, at: cmd.now.toISOString() } }];
}
