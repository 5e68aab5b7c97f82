// Applies Stripe's stored webhooks in the background: a loop drains the inbox
// (services/billing/webhook-inbox.ts) batch after batch while events are due, then waits for the
// next webhook this instance receives (`nudge`) or POLL_MS, which picks up what another instance
// stored, a restart left, or a failed group once its wait is over. The inbox rows are the durable
// record: nothing is lost between receiving an event and applying it.
import { drainWebhookBatch, type BillingDeps } from '../services/billing/index.js';
import type { Background } from '../services/shared/background.js';

const POLL_MS = 1000;
const ERROR_PAUSE_MS = 1000;

/**
 * The drain, made before it starts so the context can nudge it from the first request (a nudge
 * before the start is one the start's first drain answers anyway).
 */
export function createWebhookDrain(deps: BillingDeps, opts: { onError: (err: unknown) => void; pollMs?: number }) {
  let stopped = false;
  let wake: (() => void) | null = null;
  let pending = false;
  let loop: Promise<void> | null = null;
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
  const drainWhileDue = async () => {
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
  };
  return {
    start() {
      loop ??= drainWhileDue();
    },
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

export type WebhookDrain = ReturnType<typeof createWebhookDrain>;

/** The drain in the background (services/shared/background.ts), only with billing on: without a provider no webhook is stored. */
export const stripeWebhooksBackground: Background<{ billing: BillingDeps; webhooks: WebhookDrain }> = {
  register:
    ({ billing, webhooks }) =>
    () => {
      if (!billing.provider) return null;
      webhooks.start();
      return webhooks;
    },
};
