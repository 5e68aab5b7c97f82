import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { decideCreateKey, decideRevokeKey, type CreateKey } from './decide.js';
import { evolveApiKeys, initialApiKeys, type ApiKeyEvent, type ApiKeysState } from './events.js';
import { MAX_LIVE_KEYS } from './scopes.js';

const now = new Date('2026-12-01T10:00:00Z');
const create = (key_id: string): CreateKey => ({
  user_id: 'u1',
  key_id,
  name: ' CI ',
  scopes: ['models:read', 'models:read'],
  prefix: 'aek-abcdefgh',
  secret_hash: `h-${key_id}`,
  now,
});
const apply = (state: ApiKeysState, events: ApiKeyEvent[]) =>
  events.reduce(
    (s, e, i) =>
      evolveApiKeys(s, { ...e, globalPosition: String(i), streamId: 'apikeys-u1', streamVersion: i + 1, metadata: {}, recordedAt: now } as StoredEvent),
    state,
  );

describe('API keys: created live, revoked once, at most MAX_LIVE_KEYS live', () => {
  test('a new key is recorded with its name trimmed and its scopes once each', () => {
    expect(decideCreateKey(initialApiKeys, create('k1'))).toEqual([
      {
        type: 'ApiKeyCreated',
        data: { user_id: 'u1', key_id: 'k1', name: 'CI', scopes: ['models:read'], prefix: 'aek-abcdefgh', secret_hash: 'h-k1', at: now.toISOString() },
      },
    ]);
  });

  test("revoking: once, then nothing; a key that is not the person's is not found", () => {
    const state = apply(initialApiKeys, decideCreateKey(initialApiKeys, create('k1')));
    const revoked = decideRevokeKey(state, { user_id: 'u1', key_id: 'k1', now });
    expect(revoked).toEqual([{ type: 'ApiKeyRevoked', data: { user_id: 'u1', key_id: 'k1', at: now.toISOString() } }]);
    expect(decideRevokeKey(apply(state, revoked), { user_id: 'u1', key_id: 'k1', now })).toEqual([]);
    expect(() => decideRevokeKey(state, { user_id: 'u1', key_id: 'other', now })).toThrow(expect.objectContaining({ code: 'api_key_not_found' }));
  });

  test('a person with MAX_LIVE_KEYS live keys revokes one before creating another', () => {
    let state = initialApiKeys;
    for (let i = 0; i < MAX_LIVE_KEYS; i++) state = apply(state, decideCreateKey(state, create(`k${i}`)));
    expect(() => decideCreateKey(state, create('one-more'))).toThrow(expect.objectContaining({ code: 'too_many_api_keys' }));
    state = apply(state, decideRevokeKey(state, { user_id: 'u1', key_id: 'k0', now }));
    expect(decideCreateKey(state, create('one-more'))).toHaveLength(1);
  });
});
