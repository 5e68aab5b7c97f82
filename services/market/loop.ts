// Price alerts checked on a schedule: one check at a time, the next one PRICE_ALERT_CHECK_SECONDS
// after the last ended, give or take a bounded jitter (instances started together drift apart
// instead of asking the provider for the same symbols in the same second). Stopping cancels the
// quotes in flight and waits for the check under way. Of several app instances, one checks at a
// time (exclusive.ts); the others skip that turn.
import { checkPriceAlerts, type PriceAlertCheckDeps, type PriceAlertCheckResult } from './checker.js';
import { exclusively } from './exclusive.js';

export type PriceAlertLoopOptions = {
  intervalMs: number;
  /** The share of the interval the delay may move either way (default 0.1: 54 to 66 s for 60 s). */
  jitter?: number;
  random?: () => number;
  /** The check's outcome; null when another instance was checking and this turn was skipped. */
  onCheck?: (result: PriceAlertCheckResult | null) => void;
  onError: (err: unknown) => void;
  /** How a check keeps other instances out (default: the advisory lock of exclusive.ts on deps.db). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T | null>;
};

/** The first check comes soon after start, never more than this late. */
export const FIRST_CHECK_MAX_MS = 5_000;

/** The delay before the next check: the interval moved by at most `jitter` of itself, at least one second. */
export function nextCheckDelay(intervalMs: number, jitter: number, random: number): number {
  const j = Math.min(Math.max(jitter, 0), 0.5);
  return Math.max(1_000, Math.round(intervalMs * (1 - j + 2 * j * random)));
}

export function startPriceAlertLoop(deps: Omit<PriceAlertCheckDeps, 'signal'>, opts: PriceAlertLoopOptions): { stop: () => Promise<void> } {
  const random = opts.random ?? Math.random;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (ms: number) => {
    if (abort.signal.aborted) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    const exclusive = opts.exclusive ?? ((work) => exclusively(deps.db, work));
    running = exclusive(() => checkPriceAlerts({ ...deps, signal: abort.signal }))
      .then(opts.onCheck, opts.onError)
      .finally(() => {
        running = undefined;
        schedule(nextCheckDelay(opts.intervalMs, opts.jitter ?? 0.1, random()));
      });
  };
  schedule(Math.round(Math.min(opts.intervalMs, FIRST_CHECK_MAX_MS) * random()));

  return {
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
