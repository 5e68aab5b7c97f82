// Stripe's webhooks are an inbox (`stripe_webhook_events`, one row per event id) drained in
// batches: the oldest unapplied events are claimed with row locks (FOR UPDATE SKIP LOCKED, so
// instances take disjoint batches and a crashed one's locks go with its connection), grouped by
// customer, each group applied once (one fetch per subscription however many events name it),
// and marked applied in the claiming transaction. Applying reads the current facts, so a group
// applied again after a crash records nothing new. A group that fails waits, longer each time.
import pLimit from 'p-limit';
import type { BillingDeps } from './context.js';
import type { ProviderEventSummary } from './provider.js';
import { applyProviderEvents } from './use-cases.js';
import { own } from './tables.js';

/** Events claimed at once; groups of one batch are applied side by side, GROUPS_AT_ONCE at a time. */
export const INBOX_BATCH = 500;
const GROUPS_AT_ONCE = 8;
const MAX_RETRY_SECONDS = 15 * 60;

/** Events about one customer (or, naming none, one user or just themselves) are applied together. */
export const groupKey = (e: ProviderEventSummary) =>
  e.customer_id ? `customer:${e.customer_id}` : e.user_id ? `user:${e.user_id}` : (e.subscription_ids[0] ?? `event:${e.id}`);

/** Seconds a group waits after its `attempts`-th failure: 2, 4, 8 … at most a quarter of an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(MAX_RETRY_SECONDS, 2 ** Math.min(attempts, 20));

/** Applies one batch of due events; how many were claimed (0: nothing is due). */
export async function drainWebhookBatch(deps: BillingDeps): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const rows = await own(trx)
      .selectFrom('stripe_webhook_events')
      .select(['event_id', 'summary', 'attempts'])
      .where('applied_at', 'is', null)
      .where('summary', 'is not', null)
      .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
      .orderBy('received_at')
      .limit(INBOX_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    const groups = new Map<string, { events: ProviderEventSummary[]; attempts: number }>();
    for (const row of rows) {
      const event = row.summary as ProviderEventSummary;
      const group = groups.get(groupKey(event)) ?? { events: [], attempts: 0 };
      group.events.push(event);
      group.attempts = Math.max(group.attempts, row.attempts);
      groups.set(groupKey(event), group);
    }
    const applied: string[] = [];
    const failed: { ids: string[]; attempts: number }[] = [];
    const limit = pLimit(GROUPS_AT_ONCE);
    await Promise.all(
      [...groups.values()].map((group) =>
        limit(async () => {
          const ids = group.events.map((e) => e.id);
          try {
            await applyProviderEvents(deps, group.events);
            applied.push(...ids);
          } catch (err) {
            deps.logger.warn({ err, events: ids }, 'Stripe events could not be applied; they are tried again later');
            failed.push({ ids, attempts: group.attempts + 1 });
          }
        }),
      ),
    );
    if (applied.length) await own(trx).updateTable('stripe_webhook_events').set({ applied_at: now }).where('event_id', 'in', applied).execute();
    for (const f of failed)
      await own(trx)
        .updateTable('stripe_webhook_events')
        .set({ attempts: f.attempts, retry_at: new Date(now.getTime() + retryDelaySeconds(f.attempts) * 1000) })
        .where('event_id', 'in', f.ids)
        .execute();
    return rows.length;
  });
}
