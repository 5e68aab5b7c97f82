// A seat sync survives a hard crash: a member joins an organisation that pays by card, Stripe
// sets the subscription's quantity, and the server is killed with SIGKILL before it hears the
// answer. Restarted on the same database, the workflow resumes and sends the same update under
// the same idempotency key; Stripe answers the first result, so the quantity changed once, and
// the seats are recorded once.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../tests/fakes/stripe/index.js';
import { killHard, waitUntilFinished, workflowStatus } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { freePort } from '../tests/support/ports.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let stripe: StripeFake;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase('crash_org_seats');
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await stripe?.close();
  await database?.drop();
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function serve(port: number) {
  const server = await startServerProcess({ databaseUrl: database.url, env: stripe.env(), port });
  servers.push(server);
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
  return server;
}

const seatEvents = async (org: string) =>
  (
    await rows<{ data: { previous: number | null; seats: number } }>(
      "select data from events where stream_id = $1 and type = 'SubscriptionSeatsChanged' order by stream_version",
      [`subscription-${org}`],
    )
  ).map((r) => [r.data.previous, r.data.seats]);

test('killed while Stripe answers a seat update: after a restart the quantity changed once, the seats recorded once', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const first = await serve(port);
  const stamp = Date.now();
  const owner = await signedUp(first.url, 'Seat Owner', `seat.owner.${stamp}@example.com`);
  const created = await owner.post('/rest/organizations', { name: `Crash Seats ${stamp}` });
  expect(created.status, created.text).toBe(201);
  const org = created.json.uuid as string;
  const checkout = await owner.post(`/rest/organizations/${org}/billing/checkout`, {
    tier: 'enterprise_pro',
    interval: 'monthly',
    collection_method: 'charge_automatically',
  });
  expect(checkout.status, checkout.text).toBe(200);
  const subId = (await stripe.completeCheckout((checkout.json.url as string).split('/pay/')[1])).id;
  // Paid for its one member; the start's seat sync records one seat.
  await expect.poll(() => seatEvents(org), { timeout: 30_000, interval: 100 }).toEqual([[null, 1]]);

  const release = stripe.holdResponses('POST', `/v1/subscriptions/${subId}`);
  const email = `seat.member.${stamp}@example.com`;
  const member = await signedUp(first.url, 'Seat Member', email);
  expect((await owner.post(`/rest/organizations/${org}/invitations`, { email, role: 'member' })).status).toBe(201);
  // The sign-up's own mail can be queued after the invitation (its queue is asynchronous): pick the invitation by its link.
  const [mail] = await rows<{ text: string }>(
    'select text from mail_outbox where lower("to") = lower($1) and text like \'%/join/org/%\' order by queued_at desc limit 1',
    [email],
  );
  const invitation = /\/join\/org\/\S+\/(\S+)/.exec(mail.text)![1];
  expect((await member.post(`/rest/organizations/${org}/invitations/${invitation}/accept`)).status).toBe(200);

  // Stripe has made the change; its answer is held: kill the server now.
  await expect.poll(() => stripe.quantityUpdates().filter((u) => u.subscription === subId).length, { timeout: 30_000, interval: 50 }).toBe(1);
  const [workflow] = await rows<{ workflow_uuid: string; status: string }>(
    "select workflow_uuid, status from dbos.workflow_status where workflow_uuid like $1 and status = 'PENDING'",
    [`org-seats-${org}-%`],
  );
  expect(workflow).toBeDefined();
  const atCrash = (await workflowStatus(database.url, workflow.workflow_uuid))!;
  await killHard(first);
  release();
  expect(await seatEvents(org)).toEqual([[null, 1]]);

  await serve(port);
  const status = await waitUntilFinished(database.url, workflow.workflow_uuid, 60_000);
  expect(status.status, status.error ?? '').toBe('SUCCESS');
  expect(status.recoveryAttempts).toBeGreaterThan(atCrash.recoveryAttempts);

  // Sent twice with one key, changed once; recorded once.
  const sent = stripe.state.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);
  expect(sent).toHaveLength(2);
  expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([stripe.quantityUpdates().find((u) => u.subscription === subId)!.idempotencyKey]));
  expect(stripe.quantityUpdates().filter((u) => u.subscription === subId)).toEqual([
    { subscription: subId, quantity: 2, previous: 1, idempotencyKey: expect.stringMatching(/^org-seats-/) },
  ]);
  expect(stripe.state.subscriptions.get(subId)!.items.data[0].quantity).toBe(2);
  expect(await seatEvents(org)).toEqual([
    [null, 1],
    [1, 2],
  ]);
  expect(await rows('select seats from subscriptions where user_id = $1', [org])).toEqual([{ seats: 2 }]);
});
