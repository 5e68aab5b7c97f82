// An organisation's seats follow its membership, against the Stripe fake on real PostgreSQL: a
// member joins and the Stripe subscription's quantity goes up; members are removed, one leaves, and
// it goes down; each change is one Stripe update under an idempotency key and a
// SubscriptionSeatsChanged on the organisation's subscription stream, projected as its seats.
// Membership events replayed (the consumer's checkpoint wound back) send no second update.
// Without a subscription, membership changes ask nothing of Stripe.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
let db: pg.Client;
beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  database = await createTestDatabase('org_seats');
  server = await startServerProcess({ databaseUrl: database.url, env: { ...stripe.env(), SIGN_IN_RATE_LIMIT: '1000' } });
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.stop();
  await stripe?.close();
  await database?.drop();
});

let n = 0;
type Person = { b: Browser; email: string };
const person = async (name: string): Promise<Person> => {
  const email = `${name.toLowerCase()}.seats.${++n}.${Date.now()}@example.com`;
  return { b: await signedUp(server.url, name, email), email };
};

async function invitationOf(to: string) {
  const { rows } = await db.query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
  const link = rows.map((r) => /\/join\/org\/(\S+)\/(\S+)/.exec(r.text)).find((l) => l !== null);
  if (!link) throw new Error(`no invitation mailed to ${to}`);
  return link[2];
}

async function join(org: string, owner: Person, who: Person) {
  const invited = await owner.b.post(`/rest/organizations/${org}/invitations`, { email: who.email, role: 'member' });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await who.b.post(`/rest/organizations/${org}/invitations/${await invitationOf(who.email)}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
}

const memberIdOf = async (org: string, owner: Person, email: string) =>
  (await owner.b.get(`/rest/organizations/${org}/members`)).json.members.find((m: { email: string }) => m.email === email).member_id as string;

const seatEvents = async (org: string) =>
  (
    await db.query<{ data: { seats: number; previous: number | null } }>(
      "select data from events where stream_id = $1 and type = 'SubscriptionSeatsChanged' order by stream_version",
      [`subscription-${org}`],
    )
  ).rows.map((r) => [r.data.previous, r.data.seats]);

/** Every membership event so far has been through the seat consumer, and every seat sync it started has ended. */
async function settled() {
  await expect
    .poll(
      async () => {
        const { rows } = await db.query<{ behind: boolean; pending: number }>(
          `select
             (select max(global_position) from events where type in ('OrgMemberJoined', 'OrgMemberRemoved', 'OrgMemberLeft'))
               > coalesce((select position from consumer_checkpoints where consumer = 'billing-org-seats'), 0) as behind,
             (select count(*)::int from dbos.workflow_status where workflow_uuid like 'org-seats-%' and status in ('PENDING', 'ENQUEUED')) as pending`,
        );
        return !rows[0].behind && rows[0].pending === 0;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

describe('seats follow membership', () => {
  let owner: Person;
  let ann: Person;
  let ben: Person;
  let org: string;
  let subId: string;
  const updates = () => stripe.quantityUpdates().filter((u) => u.subscription === subId);
  const quantity = () => stripe.state.subscriptions.get(subId)!.items.data[0].quantity;

  test('the owner subscribes by card for its two members: two seats', async () => {
    owner = await person('Olga');
    const created = await owner.b.post('/rest/organizations', { name: `Seats Org ${Date.now()}` });
    expect(created.status, created.text).toBe(201);
    org = created.json.uuid;
    ann = await person('Ann');
    await join(org, owner, ann);
    const res = await owner.b.post(`/rest/organizations/${org}/billing/checkout`, {
      tier: 'enterprise_pro',
      interval: 'monthly',
      collection_method: 'charge_automatically',
    });
    expect(res.status, res.text).toBe(200);
    const session = stripe.state.sessions.get(res.json.url.split('/pay/')[1])!;
    expect(session.line_items).toEqual([{ price: 'price_pro_monthly', quantity: 2 }]);
    subId = (await stripe.completeCheckout(session.id)).id;
    await expect.poll(async () => (await owner.b.get(`/rest/organizations/${org}/billing`)).json.plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    // The subscription's start is checked too: Stripe holds the count already, so it is only recorded.
    await expect.poll(() => seatEvents(org), { timeout: 30_000, interval: 100 }).toEqual([[null, 2]]);
    await settled();
    expect(updates()).toEqual([]);
  });

  test('a member joins: one update to three seats, keyed, recorded and projected', async () => {
    ben = await person('Ben');
    await join(org, owner, ben);
    await expect.poll(quantity, { timeout: 30_000, interval: 100 }).toBe(3);
    await settled();
    expect(updates()).toEqual([
      { subscription: subId, quantity: 3, previous: 2, idempotencyKey: expect.stringMatching(new RegExp(`^org-seats-${subId}-\\d+-3$`)) },
    ]);
    expect(await seatEvents(org)).toEqual([
      [null, 2],
      [2, 3],
    ]);
    expect((await db.query('select seats from subscriptions where user_id = $1', [org])).rows).toEqual([{ seats: 3 }]);
    expect((await owner.b.get(`/rest/organizations/${org}/billing`)).json).toMatchObject({ member_count: 3, seats: 3 });
    // Seats change nothing of the plan or its payment: no charge until the next invoice.
    expect(stripe.state.charges.filter((c) => c.subscription === subId)).toHaveLength(1);
  });

  test('a member is removed and another leaves: down to one seat, one update each', async () => {
    const cleo = await person('Cleo');
    await join(org, owner, cleo);
    await expect.poll(quantity, { timeout: 30_000, interval: 100 }).toBe(4);
    const removed = await owner.b.send('DELETE', `/rest/organizations/${org}/members/${await memberIdOf(org, owner, cleo.email)}`);
    expect(removed.status, removed.text).toBe(200);
    await expect.poll(quantity, { timeout: 30_000, interval: 100 }).toBe(3);
    const removedAnn = await owner.b.send('DELETE', `/rest/organizations/${org}/members/${await memberIdOf(org, owner, ann.email)}`);
    expect(removedAnn.status, removedAnn.text).toBe(200);
    const left = await ben.b.post(`/rest/organizations/${org}/leave`);
    expect(left.status, left.text).toBe(204);
    await expect.poll(quantity, { timeout: 30_000, interval: 100 }).toBe(1);
    await settled();
    // Two changes close together may meet in one sync (it sets the count it reads): 3 to 2 to 1, or 3 to 1.
    const steps = updates().map((u) => [u.previous, u.quantity]);
    expect(steps.slice(0, 3)).toEqual([
      [2, 3],
      [3, 4],
      [4, 3],
    ]);
    expect([
      [
        [3, 2],
        [2, 1],
      ],
      [[3, 1]],
    ]).toContainEqual(steps.slice(3));
    expect(new Set(updates().map((u) => u.idempotencyKey)).size).toBe(updates().length);
    expect((await seatEvents(org)).at(-1)).toEqual([expect.any(Number), 1]);
    expect((await db.query('select seats from subscriptions where user_id = $1', [org])).rows).toEqual([{ seats: 1 }]);
  });

  test('the membership events replayed: no second Stripe update, nothing more recorded', async () => {
    await settled();
    const before = { updates: updates().length, events: (await seatEvents(org)).length, requests: stripe.state.requests.length };
    await db.query("update consumer_checkpoints set tx_id = '0', position = 0 where consumer = 'billing-org-seats'");
    // Woken as an append of a membership event wakes it, not on its 10 s fallback read: the replay is read either way.
    await db.query("select pg_notify('event_log', 'OrgMemberJoined')");
    await settled();
    expect(updates()).toHaveLength(before.updates);
    expect(await seatEvents(org)).toHaveLength(before.events);
    expect(stripe.state.requests.slice(before.requests).filter((r) => r.method === 'POST')).toEqual([]);
    expect(quantity()).toBe(1);
  });
});

test('a member who joins between the checkout and its payment: the seats are brought to the count once the subscription starts', async () => {
  const owner = await person('Paula');
  const created = await owner.b.post('/rest/organizations', { name: `Late Joiner Org ${Date.now()}` });
  const org = created.json.uuid as string;
  const res = await owner.b.post(`/rest/organizations/${org}/billing/checkout`, {
    tier: 'enterprise_max',
    interval: 'monthly',
    collection_method: 'charge_automatically',
  });
  expect(res.status, res.text).toBe(200);
  const session = stripe.state.sessions.get(res.json.url.split('/pay/')[1])!;
  expect(session.line_items).toEqual([{ price: 'price_max_monthly', quantity: 1 }]);
  await join(org, owner, await person('Quentin'));
  await settled();
  const sub = await stripe.completeCheckout(session.id);
  await expect.poll(() => stripe.state.subscriptions.get(sub.id)!.items.data[0].quantity, { timeout: 30_000, interval: 100 }).toBe(2);
  await settled();
  expect(stripe.quantityUpdates().filter((u) => u.subscription === sub.id)).toEqual([
    { subscription: sub.id, quantity: 2, previous: 1, idempotencyKey: expect.stringMatching(new RegExp(`^org-seats-${sub.id}-\\d+-2$`)) },
  ]);
  expect(await seatEvents(org)).toEqual([[null, 2]]);
});

test('an organisation without a subscription: members come and go, Stripe is asked nothing', async () => {
  const owner = await person('Nora');
  const created = await owner.b.post('/rest/organizations', { name: `Unpaid Org ${Date.now()}` });
  const before = stripe.state.requests.length;
  await join(created.json.uuid, owner, await person('Ned'));
  await settled();
  expect(stripe.state.requests.slice(before)).toEqual([]);
  expect(await seatEvents(created.json.uuid)).toEqual([]);
});
