// Applies Stripe's stored webhooks in the background: a loop drains the inbox
// (services/billing/webhook-inbox.ts) batch after batch while events are due, then waits for the
// next webhook this instance receives (`nudge`) or POLL_MS, which picks up what another instance
// stored, a restart left, or a failed group once its wait is over. The inbox rows are the durable
// record: nothing is lost between receiving an event and applying it.
import { drainWebhookBatch, type BillingDeps } from '../services/billing/index.js';

const POLL_MS = 1000;
const ERROR_PAUSE_MS = 1000;

export function startWebhookDrain(deps: BillingDeps, opts: { onError: (err: unknown) => void; pollMs?: number }) {
  let stopped = false;
  let wake: (() => void) | null = null;
  let pending = false;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        while (!stopped && (await drainWebhookBatch(deps)) > 0);
      } catch (err) {
        opts.onError(err);
        await pause(ERROR_PAUSE_MS);
        continue;
      }
      if (!stopped && !pending) await pause(opts.pollMs ?? POLL_MS);
    }
  })();
  return {
    /** A webhook was stored here: drain now rather than at the next poll. */
    nudge() {
      pending = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

export type WebhookDrain = ReturnType<typeof startWebhookDrain>;
