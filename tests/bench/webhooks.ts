// Budget: 10,000 Stripe webhook deliveries (20% of them duplicates, shuffled) are applied at 500
// or more per second, ending in the state in-order delivery gives. The app runs in this process
// against the Stripe fake; 1,000 subscriptions each renew seven times (8,000 distinct events),
// delivered with 50 concurrent connections; the clock stops when every stored event is applied.
import { join } from 'node:path';
import { sql } from 'kysely';
import { createLogger } from '../../services/app/logger.js';
import { startApp } from '../../services/app/runtime.js';
import { loadConfig } from '../../services/shared/config.js';
import { startStripeFake } from '../fakes/stripe/index.js';
import { newInvoice, newSubscription } from '../fakes/stripe/subscriptions.js';
import { fmt, freePort, note, onInterrupt, ROOT, tempDir, verdict, type Row } from './util.js';
import { allTables } from '../support/all-tables.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_WEBHOOK_SUBSCRIPTIONS ?? 1000);
const RENEWALS = 7;
const DUPLICATE_SHARE = 0.2;
const CONCURRENCY = 50;

export async function benchWebhooks(): Promise<Row[]> {
  const tmp = tempDir('ae-bench-webhooks-');
  const stripe = await startStripeFake();
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: tmp.dir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    WEB_DIST: join(ROOT, 'dist/web'),
    ...stripe.env(),
  });
  let running: Awaited<ReturnType<typeof startApp>> | undefined;
  const cleanup = async () => {
    if (running) await running.stop();
    await stripe.close();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    note('webhooks: starting the app');
    running = await startApp(config, createLogger('silent'));
    stripe.webhooks.target = `${running.url}/rest/stripe/webhook`;
    stripe.webhooks.hold = true;
    const price = stripe.seedPrice({ id: 'price_pro_monthly', unit_amount: 2000, currency: 'usd', interval: 'month' });
    note(`webhooks: ${SUBSCRIPTIONS} subscriptions, ${RENEWALS} renewals each`);
    const subs = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const sub = newSubscription(stripe.state, { customer: `cus_bench_${i}`, price, metadata: { user_id: `bench-user-${i}` }, discounts: [] });
      subs.push(sub);
      await stripe.webhooks.emit('customer.subscription.created', sub);
    }
    for (let r = 0; r < RENEWALS; r++)
      for (const sub of subs) {
        const item = sub.items.data[0];
        item.current_period_end += 30 * 86_400;
        const invoice = newInvoice(stripe.state, sub, true);
        await stripe.webhooks.emit(r % 2 ? 'invoice.paid' : 'customer.subscription.updated', r % 2 ? invoice : sub);
      }
    const events = stripe.webhooks.events;
    const total = Math.round(events.length / (1 - DUPLICATE_SHARE));
    const deliveries = [...events, ...Array.from({ length: total - events.length }, (_, i) => events[(i * 7919) % events.length])];
    let seed = 42;
    for (let i = deliveries.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const j = seed % (i + 1);
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    note(`webhooks: delivering ${deliveries.length} (${events.length} distinct)`);
    const start = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const e = deliveries[next++];
          if ((await stripe.webhooks.deliver(e)) !== 200) failed++;
        }
      }),
    );
    const received = performance.now() - start;
    const db = running.ctx.db;
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from stripe_webhook_events where applied_at is null`.execute(db);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const applied = performance.now() - start;
    const perSecond = deliveries.length / (applied / 1000);
    // The state in-order delivery gives: each subscription as Stripe holds it now.
    const rows = await allTables(db).selectFrom('subscriptions').select(['user_id', 'status', 'current_period_end']).execute();
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    const wrong = subs.filter((s) => {
      const row = byUser.get(s.metadata.user_id);
      return row?.status !== 'active' || new Date(row.current_period_end!).getTime() !== s.items.data[0].current_period_end * 1000;
    }).length;
    note(`webhooks: received in ${fmt(received)} ms, applied in ${fmt(applied)} ms (${fmt(perSecond)}/s), ${failed} refused, ${wrong} wrong`);
    const label = `Stripe webhooks (${fmt(deliveries.length)} deliveries, ${DUPLICATE_SHARE * 100}% duplicates, shuffled)`;
    return [
      {
        bench: label,
        metric: 'applied per second',
        measured: `${fmt(perSecond)}/s`,
        baseline: `${fmt(deliveries.length / (received / 1000))}/s received`,
        ratio: `${fmt(applied / 1000, 1)} s`,
        budget: '>= 500/s',
        verdict: verdict(perSecond >= 500),
      },
      {
        bench: label,
        metric: 'final state as in-order',
        measured: `${SUBSCRIPTIONS - wrong} of ${SUBSCRIPTIONS}`,
        baseline: `${failed} deliveries refused`,
        ratio: '',
        budget: 'all',
        verdict: verdict(wrong === 0 && failed === 0),
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
