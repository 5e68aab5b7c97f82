// Organisation billing against the Stripe fake on real PostgreSQL: owners and admins pay for the
// organisation (enterprise_pro buys Pro, any other tier Max), by card through Stripe Checkout for
// as many seats as it has members, or invoiced (collection method send_invoice, the billing
// address on its customer); once paid, every member gets the plan and its capabilities on their
// session, strangers do not; the organisation's billing portal. The authorization rows of each
// call: owner, admin, member, stranger, anonymous.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  database = await createTestDatabase('org_billing');
  server = await startServerProcess({ databaseUrl: database.url, env: { ...stripe.env(), SIGN_IN_RATE_LIMIT: '1000' } });
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await database?.drop();
});

let n = 0;
type Person = { b: Browser; email: string };
const person = async (name: string): Promise<Person> => {
  const email = `${name.toLowerCase()}.billing.${++n}.${Date.now()}@example.com`;
  return { b: await signedUp(server.url, name, email), email };
};
const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
const problem = (res: Sent, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json.code).toBe(code);
};

async function mailedInvitation(to: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
    const link = rows.map((r) => /\/join\/org\/(\S+)\/(\S+)/.exec(r.text)).find((l) => l !== null);
    if (!link) throw new Error(`no invitation mailed to ${to}`);
    return link[2];
  } finally {
    await client.end();
  }
}

async function newOrg(owner: Person) {
  const res = await owner.b.post('/rest/organizations', { name: `Billing Org ${++n} ${Date.now()}` });
  expect(res.status, res.text).toBe(201);
  return res.json.uuid as string;
}

async function join(org: string, owner: Person, who: Person, role: 'admin' | 'member') {
  const invited = await owner.b.post(`/rest/organizations/${org}/invitations`, { email: who.email, role });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await who.b.post(`/rest/organizations/${org}/invitations/${await mailedInvitation(who.email)}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
}

const card = { tier: 'enterprise_pro', interval: 'monthly', collection_method: 'charge_automatically', locale: 'de', origin: 'org-billing' };

describe('an organisation pays by card', () => {
  let owner: Person;
  let admin: Person;
  let member: Person;
  let stranger: Person;
  let org: string;
  beforeAll(async () => {
    [owner, admin, member, stranger] = await Promise.all([person('Owner'), person('Admin'), person('Member'), person('Stranger')]);
    org = await newOrg(owner);
    await join(org, owner, admin, 'admin');
    await join(org, owner, member, 'member');
  });

  test('authorization rows: owner and admin may see and pay, a member is refused, a stranger is told it does not exist, anonymous 401', async () => {
    const anonymous = await visitor(server.url);
    const calls = {
      view: (b: Browser) => b.get(`/rest/organizations/${org}/billing`),
      checkout: (b: Browser) => b.post(`/rest/organizations/${org}/billing/checkout`, { ...card, collection_method: 'send_invoice' }),
      portal: (b: Browser) => b.get(`/rest/organizations/${org}/billing/portal`),
    };
    for (const call of Object.values(calls)) {
      problem(await call(member.b), 403, 'not_org_admin');
      problem(await call(stranger.b), 404, 'organization_not_found');
      problem(await call(anonymous), 401, 'unauthenticated');
    }
    for (const who of [owner, admin]) {
      const view = await calls.view(who.b);
      expect(view.status, view.text).toBe(200);
      expect(view.json).toMatchObject({ org_uuid: org, status: 'none', plan: 'free', member_count: 3, seats: null, has_billing_account: false });
      // No bill yet: nothing to manage; invoiced needs an address.
      problem(await calls.portal(who.b), 404, 'no_billing_account');
      problem(await calls.checkout(who.b), 400, 'billing_address_required');
    }
  });

  test('an admin checks out Pro for three seats; once paid every member has Pro, a stranger does not; the portal opens; a second checkout is refused', async () => {
    const res = await admin.b.post(`/rest/organizations/${org}/billing/checkout`, card);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ url: expect.stringMatching(/\/pay\/cs_test_/), invoiced: false });
    const session = stripe.state.sessions.get(res.json.url.split('/pay/')[1])!;
    expect(session).toMatchObject({ client_reference_id: org, locale: 'de', line_items: [{ price: 'price_pro_monthly', quantity: 3 }] });
    expect(session.success_url).toMatch(/\/account\/org\/billing\?success=1$/);
    await stripe.completeCheckout(session.id);

    await expect.poll(async () => (await owner.b.get(`/rest/organizations/${org}/billing`)).json.plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    expect((await owner.b.get(`/rest/organizations/${org}/billing`)).json).toMatchObject({
      status: 'active',
      plan: 'pro',
      interval: 'monthly',
      seats: 3,
      collection_method: 'charge_automatically',
      has_billing_account: true,
    });
    for (const who of [owner, admin, member])
      await expect.poll(async () => (await sessionUser(who.b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    expect(await sessionUser(member.b)).toMatchObject({ capabilities: { unlimitedProSearch: true }, subscription_status: 'none' });
    expect((await sessionUser(stranger.b)).subscription_plan).toBe('free');
    // The payment was charged once, for three seats.
    expect(stripe.state.charges.filter((c) => c.subscription === session.subscription).map((c) => c.amount)).toEqual([6000]);

    const portal = await owner.b.get(`/rest/organizations/${org}/billing/portal?locale=fr`);
    expect(portal.status, portal.text).toBe(200);
    expect(new URL(portal.json.url).searchParams.get('locale')).toBe('fr');
    const portalSession = [...stripe.state.portalSessions.values()].at(-1)!;
    expect(portalSession.return_url).toMatch(/\/account\/org\/billing$/);
    problem(await owner.b.post(`/rest/organizations/${org}/billing/checkout`, card), 409, 'subscription_already_active');
  });

  test("the session says whose plan it is: the organisation's for its members (with their role), nobody's for a stranger; a member has no portal of their own", async () => {
    for (const [who, role] of [
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
    ] as const)
      expect(await sessionUser(who.b)).toMatchObject({ subscription_plan: 'pro', plan_organization: { org_uuid: org, role } });
    expect(await sessionUser(stranger.b)).toMatchObject({ subscription_plan: 'free', plan_organization: null });
    // Why the subscription button must not offer the portal to them: they have no billing account.
    problem(await member.b.get('/rest/stripe/customer-portal'), 404, 'no_billing_account');
    // Their organisation's Pro already covers Pro: no second, personal Pro; Max is still theirs to buy.
    const again = await member.b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true });
    problem(again, 409, 'plan_included_by_organization');
    expect(again.json.detail).toBe('Your organization’s plan already includes this one.');
    expect((await member.b.post('/rest/stripe/checkout-session', { subscriptionTier: 'max', tier: 'monthly', embedded: true })).status).toBe(200);
  });

  test("a member whose own plan is as high as the organisation's: the plan is their own", async () => {
    const maxer = await person('Maxine');
    const checkout = await maxer.b.post('/rest/stripe/checkout-session', { subscriptionTier: 'max', tier: 'monthly', embedded: true });
    expect(checkout.status, checkout.text).toBe(200);
    await stripe.completeCheckout(checkout.json.clientSecret.split('_secret_')[0]);
    await expect.poll(async () => (await sessionUser(maxer.b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe('max');
    await join(org, owner, maxer, 'member');
    expect(await sessionUser(maxer.b)).toMatchObject({ subscription_plan: 'max', subscription_status: 'active', plan_organization: null });
  });
});

describe('an invoiced organisation', () => {
  test('the owner subscribes to Max yearly by invoice, with the billing address on the customer; nothing is charged; its member has Max at once', async () => {
    const owner = await person('Ivy');
    const org = await newOrg(owner);
    const address = { line1: '1 Main Street', city: 'Springfield', postal_code: '12345', country: 'US' };
    const res = await owner.b.post(`/rest/organizations/${org}/billing/checkout`, {
      tier: 'enterprise_max',
      interval: 'yearly',
      collection_method: 'send_invoice',
      billing_address: address,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ url: null, invoiced: true });
    const view = (await owner.b.get(`/rest/organizations/${org}/billing`)).json;
    expect(view).toMatchObject({ status: 'active', plan: 'max', interval: 'yearly', seats: 1, collection_method: 'send_invoice' });
    expect(await sessionUser(owner.b)).toMatchObject({ subscription_plan: 'max', capabilities: { maxModelSelection: true } });
    const sub = [...stripe.state.subscriptions.values()].find((s) => s.metadata.org_uuid === org)!;
    expect(sub).toMatchObject({ collection_method: 'send_invoice', days_until_due: 30 });
    expect(stripe.state.customers.get(sub.customer)?.address).toMatchObject(address);
    expect(stripe.state.charges.filter((c) => c.subscription === sub.id)).toEqual([]);
    const invoice = [...stripe.state.invoices.values()].find((i) => i.parent.subscription_details.subscription === sub.id);
    expect(invoice).toMatchObject({ status: 'open', amount_due: 200000 });
  });
});
