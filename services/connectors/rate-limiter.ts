// One limiter per provider and connection: calls are spaced at the provider's steady rate, and
// when the provider says to wait (429 or 503 with Retry-After) every call of that connection waits
// that long, so a storm of refusals turns into one pause rather than a storm of retries. Small
// enough to keep here: p-throttle spaces calls but cannot be paused by the provider's answer.

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class RateLimiter {
  private readonly nextAt = new Map<string, number>();

  constructor(
    /** The spacing of a key's calls: one for all keys, or each key's own. */
    private readonly minIntervalMs: number | ((key: string) => number),
    private readonly now: () => number = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** Waits for this key's turn. */
  async take(key: string) {
    const at = Math.max(this.now(), this.nextAt.get(key) ?? 0);
    this.nextAt.set(key, at + (typeof this.minIntervalMs === 'number' ? this.minIntervalMs : this.minIntervalMs(key)));
    const wait = at - this.now();
    if (wait > 0) await this.sleep(wait);
  }

  /** The provider asked this key to wait `ms`. */
  pause(key: string, ms: number) {
    this.nextAt.set(key, Math.max(this.nextAt.get(key) ?? 0, this.now() + ms));
  }

  /** How long this key still waits (0 when it may call now). */
  pausedFor(key: string) {
    return Math.max(0, (this.nextAt.get(key) ?? 0) - this.now());
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
