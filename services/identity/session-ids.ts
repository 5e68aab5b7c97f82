// Who a request's session cookie belongs to, remembered for a few seconds. Without it, every
// request spends some four database round trips (the session, its user, their account and
// organisation) on the actor, and at 200 concurrent requests waits for them in line (measured by
// tests/bench/actor.ts: 289 ms p95 of resolution, 764 requests/s against 5,062 for /healthz).
// Every change to what the actor holds forgets what is remembered, on this instance at once:
// sign-out, password reset, verification, a new name, username, picture or address, joining or
// leaving an organisation (its port `forgetSessions`). A session ended or a user changed by
// another instance of the server (or by `make verify-account`) is honoured within
// SESSION_IDS_TTL_MS.
import { LRUCache } from 'lru-cache';
import type { ActorUser } from '../shared/actor.js';

export const SESSION_IDS_TTL_MS = 5_000;
const MAX_REMEMBERED = 10_000;

export type SessionIds = {
  /** The user id for this cookie header, from `load` when not remembered (null: no session). */
  userIdOf: (cookieHeader: string, load: () => Promise<string | null>) => Promise<string | null>;
  /** The whole session user for this cookie header, from `load` when not remembered (null: no session). */
  userOf: (cookieHeader: string, load: () => Promise<ActorUser | null>) => Promise<ActorUser | null>;
  /** Forgets every remembered session: after a sign-out, the old cookie must fail at once. */
  forgetAll: () => void;
};

function remembered<T>(opts: { ttlMs?: number; now?: () => number }) {
  return new LRUCache<string, { value: T }>({
    max: MAX_REMEMBERED,
    ttl: opts.ttlMs ?? SESSION_IDS_TTL_MS,
    // An entry's time counts from its load, not from its last use; and the clock is read on every
    // lookup rather than cached between timer ticks.
    updateAgeOnGet: false,
    ttlResolution: 0,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
  });
}

export function createSessionIds(opts: { ttlMs?: number; now?: () => number } = {}): SessionIds {
  const ids = remembered<string | null>(opts);
  const users = remembered<ActorUser | null>(opts);
  // A load that began before a forgetAll must not put its answer back afterwards.
  let generation = 0;
  async function through<T>(cache: LRUCache<string, { value: T }>, key: string, load: () => Promise<T>) {
    const hit = cache.get(key);
    if (hit) return hit.value;
    const startedIn = generation;
    const value = await load();
    if (startedIn === generation) cache.set(key, { value });
    return value;
  }
  return {
    userIdOf: (cookieHeader, load) => through(ids, cookieHeader, load),
    // Frozen: one object serves many requests, so none may change it for the others.
    userOf: (cookieHeader, load) => through(users, cookieHeader, async () => Object.freeze(await load())),
    forgetAll() {
      generation++;
      ids.clear();
      users.clear();
    },
  };
}
