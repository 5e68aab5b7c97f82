// Which user a request's session cookie belongs to, remembered for a few seconds. Without it,
// every request spends two database round trips (the session, then its user) on a question whose
// answer cannot change while the session lives: a session's user is fixed. What can change is
// whether it lives. Signing out here forgets every remembered session at once; a session ended
// by another instance of the server (or expiring) is honoured within SESSION_IDS_TTL_MS.
// Only the id is remembered: a user's name or email is read fresh where it is shown.
import { LRUCache } from 'lru-cache';

export const SESSION_IDS_TTL_MS = 5_000;
const MAX_REMEMBERED = 10_000;

export type SessionIds = {
  /** The user id for this cookie header, from `load` when not remembered (null: no session). */
  userIdOf: (cookieHeader: string, load: () => Promise<string | null>) => Promise<string | null>;
  /** Forgets every remembered session: after a sign-out, the old cookie must fail at once. */
  forgetAll: () => void;
};

export function createSessionIds(opts: { ttlMs?: number; now?: () => number } = {}): SessionIds {
  const cache = new LRUCache<string, { userId: string | null }>({
    max: MAX_REMEMBERED,
    ttl: opts.ttlMs ?? SESSION_IDS_TTL_MS,
    // An entry's time counts from its load, not from its last use; and the clock is read on every
    // lookup rather than cached between timer ticks.
    updateAgeOnGet: false,
    ttlResolution: 0,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
  });
  // A load that began before a forgetAll must not put its answer back afterwards.
  let generation = 0;
  return {
    async userIdOf(cookieHeader, load) {
      const hit = cache.get(cookieHeader);
      if (hit) return hit.userId;
      const startedIn = generation;
      const userId = await load();
      if (startedIn === generation) cache.set(cookieHeader, { userId });
      return userId;
    },
    forgetAll() {
      generation++;
      cache.clear();
    },
  };
}
