// API key use cases: create (the secret returned once), revoke, list with use; authenticate a
// /v1 call's key, admit it under its limits, and record what it used.
import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import type { ApiKeysContext } from './context.js';
import { decideCreateKey, decideRevokeKey } from './decide.js';
import { apiKeyErrors } from './errors.js';
import { type ApiKeyUsed, type ApiKeysState, apiKeysStream, apiKeyUsageStream, evolveApiKeys, initialApiKeys } from './events.js';
import { bearerSecret, hashSecret, secretOf, SECRET_BYTES, shownPrefix } from './key-format.js';
import { API_ALLOWANCE } from './plans.js';
import { keyByHash, keysOf, requestsThisMonth } from './queries.js';
import { admitRequest } from './rate-limit.js';
import { monthOf, secondsToNextMonth } from './rate-window.js';
import type { ApiScope } from './scopes.js';

const MAX_ATTEMPTS = 5;

async function decideAndAppend<R>(store: EventStore, userId: string, decide: (state: ApiKeysState) => { events: NewEvent[]; result: R }) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(apiKeysStream(userId), initialApiKeys, evolveApiKeys);
    const { events, result } = decide(state);
    if (!events.length) return result;
    try {
      await store.append(apiKeysStream(userId), version, events);
      return result;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

async function signedIn(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw apiKeyErrors.loginRequired();
  return userId;
}

export async function createKey(ctx: KernelContext, actor: Actor, input: { name: string; scopes: ApiScope[] }) {
  const userId = await signedIn(actor);
  const secret = secretOf(randomBytes(SECRET_BYTES));
  const keyId = randomUUID();
  const now = ctx.now();
  await decideAndAppend(ctx.store, userId, (state) => ({
    events: decideCreateKey(state, {
      user_id: userId,
      key_id: keyId,
      name: input.name,
      scopes: input.scopes,
      prefix: shownPrefix(secret),
      secret_hash: hashSecret(secret),
      now,
    }),
    result: undefined,
  }));
  const key = (await keysOf(ctx.db, userId, monthOf(now))).find((k) => k.key_id === keyId)!;
  return { key, secret };
}

export async function revokeKey(ctx: KernelContext, actor: Actor, keyId: string) {
  const userId = await signedIn(actor);
  await decideAndAppend(ctx.store, userId, (state) => ({
    events: decideRevokeKey(state, { user_id: userId, key_id: keyId, now: ctx.now() }),
    result: undefined,
  }));
}

export async function listKeys(ctx: KernelContext, actor: Actor) {
  const userId = await signedIn(actor);
  const month = monthOf(ctx.now());
  const [items, plan, used] = await Promise.all([keysOf(ctx.db, userId, month), actor.plan(), requestsThisMonth(ctx.db, userId, month)]);
  const allowance = API_ALLOWANCE[plan];
  return { items, plan: { plan, monthly_requests: allowance.monthlyRequests, requests_per_minute: allowance.requestsPerMinute, requests_this_month: used } };
}

/** A /v1 call's key, checked: known, not revoked, with the scope the call needs; and its owner as an Actor. */
export async function authenticateKey(ctx: ApiKeysContext, authorization: string | string[] | undefined, scope: ApiScope) {
  const secret = bearerSecret(authorization);
  const key = secret ? await keyByHash(ctx.db, hashSecret(secret)) : null;
  if (!key || key.revoked) throw apiKeyErrors.invalidKey();
  if (!key.scopes.includes(scope)) throw apiKeyErrors.missingScope(scope);
  const owner = await ctx.keyOwners.actorOf(key.user_id);
  if (!owner) throw apiKeyErrors.invalidKey();
  return { key, owner };
}

/**
 * Counts the request against the key's minute and the plan's month, or refuses it (429). Called
 * once the request is known to be good, so a refused or bad request counts nothing.
 */
export async function admitKeyRequest(ctx: KernelContext, key: { key_id: string; user_id: string }, owner: Actor) {
  const now = ctx.now();
  const allowance = API_ALLOWANCE[await owner.plan()];
  if ((await requestsThisMonth(ctx.db, key.user_id, monthOf(now))) >= allowance.monthlyRequests)
    throw apiKeyErrors.quotaSpent(allowance.monthlyRequests, secondsToNextMonth(now));
  const rate = await admitRequest(ctx.db, key.key_id, allowance.requestsPerMinute, now);
  if (!rate.allowed) throw apiKeyErrors.rateLimited(allowance.requestsPerMinute, rate.retryAfterSeconds);
}

export type KeyUse = { prompt_tokens: number; completion_tokens: number; search_queries: number };

/** Records an answered request's use: its key's last use and this month's counts. */
export async function recordKeyUse(ctx: KernelContext, key: { key_id: string; user_id: string }, use: KeyUse) {
  const event: ApiKeyUsed = { type: 'ApiKeyUsed', data: { key_id: key.key_id, user_id: key.user_id, requests: 1, ...use, at: ctx.now().toISOString() } };
  await ctx.store.append(apiKeyUsageStream(key.key_id), 'any', [event]);
}
