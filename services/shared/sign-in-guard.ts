// The guard against guessing an account's password that does not let strangers lock its owner
// out. Wrong passwords are counted per account and client address and per account, over 15
// minutes: the client that made `limit` of them on one account is refused that account (429,
// Retry-After) until the oldest of them is 15 minutes old; any other client is only slowed down
// (a delay that doubles with each failure past `limit`, at most MAX_DELAY_MS) and still signs
// in with the right password. A password reset (the owner's verified path) forgets the account's
// failures. Counted in memory: per instance.

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** The first delay once an account has `limit` failures from anywhere, doubled with each more. */
export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 8_000;

export type SignInVerdict = { kind: 'go'; delayMs: number } | { kind: 'refuse'; retryAfterSeconds: number };

/**
 * The rule, pure: `pairFailures` are the times of this client's wrong passwords on this account,
 * `accountFailures` those from every client (both within the window, oldest first).
 */
export function signInVerdict(input: { pairFailures: readonly number[]; accountFailures: readonly number[]; limit: number; now: number }): SignInVerdict {
  const { pairFailures, accountFailures, limit, now } = input;
  if (pairFailures.length >= limit) {
    // Free again when all but limit-1 of them have left the window.
    const freedAt = pairFailures[pairFailures.length - limit] + SIGN_IN_WINDOW_MS;
    return { kind: 'refuse', retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
  }
  const past = accountFailures.length - limit;
  if (past < 0) return { kind: 'go', delayMs: 0 };
  return { kind: 'go', delayMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(past, 30)) };
}

export type SignInGuard = {
  /** The verdict on an attempt; when it goes, the attempt counts as a failure until `settle` says otherwise. */
  attempt(account: string, client: string): SignInVerdict & { settle?: (outcome: 'failed' | 'succeeded' | 'other') => void };
  /** Forgets every failure on the account (its password was reset). */
  forgetAccount(account: string): void;
};

export function createSignInGuard(limit: number, now: () => number = Date.now): SignInGuard {
  const failures = new Map<string, number[]>();
  const keyOf = (account: string, client?: string) => (client === undefined ? `a|${account}` : `p|${client}|${account}`);
  const current = (key: string, at: number) => {
    const times = (failures.get(key) ?? []).filter((t) => t > at - SIGN_IN_WINDOW_MS);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };
  const sweep = (at: number) => {
    if (failures.size < 10_000) return;
    for (const key of [...failures.keys()]) current(key, at);
  };
  const remove = (key: string, time: number) => {
    const times = failures.get(key);
    const i = times?.lastIndexOf(time) ?? -1;
    if (times && i >= 0) times.splice(i, 1);
  };
  const normal = (account: string) => account.trim().toLowerCase();

  return {
    attempt(rawAccount, client) {
      const account = normal(rawAccount);
      const at = now();
      sweep(at);
      const pairKey = keyOf(account, client);
      const accountKey = keyOf(account);
      const verdict = signInVerdict({ pairFailures: current(pairKey, at), accountFailures: current(accountKey, at), limit, now: at });
      if (verdict.kind === 'refuse') return verdict;
      // Counted at once, so that attempts sent together are counted together.
      for (const key of [pairKey, accountKey]) failures.set(key, [...(failures.get(key) ?? []), at]);
      return {
        ...verdict,
        settle: (outcome) => {
          if (outcome === 'failed') return;
          remove(accountKey, at);
          if (outcome === 'succeeded') failures.delete(pairKey);
          else remove(pairKey, at);
        },
      };
    },
    forgetAccount(rawAccount) {
      const account = normal(rawAccount);
      for (const key of [...failures.keys()]) if (key === keyOf(account) || (key.startsWith('p|') && key.endsWith(`|${account}`))) failures.delete(key);
    },
  };
}
