// Billing off (no STRIPE_SECRET_KEY): everyone has BILLING_DEFAULT_PLAN, the plans say billing is
// not configured, and every billing call answers 503 billing_not_configured: nothing pretends to
// succeed. Also: a government address range marks the request's profile.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('billing_off');
  server = await startServerProcess({ databaseUrl: database.url, env: { BILLING_DEFAULT_PLAN: 'pro', GOVERNMENT_IP_RANGES: '127.0.0.0/8' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

test('everyone has the default plan; the plans say billing is not configured', async () => {
  const plans = (await (await visitor(server.url)).get('/rest/billing/plans')).json;
  expect(plans).toMatchObject({ configured: false, publishable_key: null, default_plan: 'pro' });
  const b = await signedUp(server.url, 'Default');
  const user = (await b.get('/rest/session')).json.user;
  expect(user).toMatchObject({
    subscription_status: 'none',
    subscription_plan: 'pro',
    capabilities: { unlimitedProSearch: true, maxModelSelection: false },
    // Asked from 127.0.0.1, inside GOVERNMENT_IP_RANGES.
    isGovernmentRequestOrigin: true,
  });
  expect((await b.get('/rest/billing/subscription')).json).toMatchObject({ status: 'none', plan: 'pro' });
});

test('every billing call that would reach Stripe answers 503 billing_not_configured', async () => {
  const b = await signedUp(server.url, 'NoBilling');
  const calls = [
    await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true }),
    await b.get('/rest/stripe/customer-portal?locale=en'),
    await b.post('/rest/stripe/subscription/refresh'),
    await b.post('/rest/stripe/webhook', { id: 'evt_1', type: 'invoice.paid' }, { 'stripe-signature': 't=1,v1=00' }),
    await b.get('/rest/stripe/upgrade/quote'),
    await b.post('/rest/stripe/upgrade'),
    await b.get('/rest/stripe/downgrade/quote'),
    await b.post('/rest/stripe/downgrade'),
    await b.send('DELETE', '/rest/stripe/downgrade'),
  ];
  for (const res of calls) {
    expect(res.status, res.text).toBe(503);
    expect(res.json).toMatchObject({ code: 'billing_not_configured', detail: 'Billing is not configured on this server: nothing can be bought here.' });
  }
});
