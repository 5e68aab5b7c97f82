// The merchants' feeds on a schedule (services/shared/background.ts): at start, then every
// MERCHANT_FEED_INTERVAL_SECONDS, one durable sync run (workflows/merchant-feed-sync.ts) whose id
// is the interval's number, so instances that all tick start it once. No merchant: nothing runs.
import type { Background, BackgroundKernel, Running } from '../../shared/background.js';

export type FeedSyncStarter = { start: (run: string) => Promise<void> };

export function startFeedSchedule(deps: { sync: FeedSyncStarter; intervalMs: number; now: () => Date; onError: (err: unknown) => void }): Running {
  let ticking: Promise<void> | null = null;
  const tick = () => {
    ticking ??= deps.sync
      .start(`feeds-${Math.floor(deps.now().getTime() / deps.intervalMs)}`)
      .catch(deps.onError)
      .finally(() => {
        ticking = null;
      });
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await ticking;
    },
  };
}

/** Built by the workflow's file, which registers the workflow and hands its starter here. */
export const feedScheduleBackground = (register: (deps: BackgroundKernel) => FeedSyncStarter): Background<BackgroundKernel> => ({
  register: (deps) => {
    if (deps.config.shopping.merchants.length === 0) return () => null;
    const sync = register(deps);
    return () =>
      startFeedSchedule({
        sync,
        intervalMs: deps.config.shopping.feedIntervalMs,
        now: deps.now,
        onError: (err) => deps.logger.error({ err }, 'merchant feed sync could not be started; trying again at the next interval'),
      });
  },
});
