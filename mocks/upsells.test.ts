// The mock upsells follow the server: the paywall for people only, a click marks the upsell (it
// is not served again, also after the visitor signs up), another's identifier is refused.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpsellCatalogue } from '../services/shared/upsell-catalogue';
import { createScenario } from './handlers';
import { DEMO_ACCOUNT } from './scenarios';

const catalogue = parseUpsellCatalogue(
  JSON.stringify([
    { name: 'gate', upsell_type: 'permalink', app_location: 'modal', title: 'Share more', cta_information: { permalink: '/spaces' } },
    { name: 'pro_upgrade', upsell_type: 'pro_upgrade', app_location: 'sidebar', title: 'Upgrade to Pro' },
  ]),
);
// Billing on (plans can be bought), so the paywall is served to people; off, it is served to nobody.
const scenario = createScenario('anonymous', { streamDelayMs: 0, upsells: catalogue, features: { billing: true } });
const server = setupServer(...scenario.handlers);
beforeAll(() => server.listen());
afterAll(() => server.close());

const base = 'http://app.test';
type Served = { name: string; upsell_instance_identifier: string };
const served = async (location: string) => (await (await fetch(`${base}/rest/homepage-widgets/upsell?app_location=${location}`)).json()).upsells as Served[];
const post = (path: string, body: object) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const mark = (u: Served) => post('/rest/homepage-widgets/upsell/interacted', { upsell_name: u.name, upsell_instance_identifier: u.upsell_instance_identifier });

describe('mock upsells', () => {
  it('a visitor gets no paywall; their click stays after signing in; a person gets the paywall and cannot use another’s identifier', async () => {
    expect((await served('sidebar')).map((u) => u.name)).toEqual([]);
    const [gate] = await served('modal');
    expect(gate.name).toBe('gate');
    expect((await mark(gate)).status).toBe(204);
    expect(await served('modal')).toEqual([]);

    expect((await post('/api/auth/sign-in/email', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).status).toBe(200);
    expect(await served('modal')).toEqual([]);
    const [pro] = await served('sidebar');
    expect(pro.name).toBe('pro_upgrade');
    const forged = await mark({ ...pro, upsell_instance_identifier: gate.upsell_instance_identifier.replace('gate', 'pro_upgrade') });
    expect(forged.status).toBe(404);
    expect((await forged.json()).code).toBe('upsell_not_found');
    expect((await mark(pro)).status).toBe(204);
    expect(await served('sidebar')).toEqual([]);
  });
});

describe('mock upsells with billing off', () => {
  const off = createScenario('signed-in', { streamDelayMs: 0, upsells: catalogue });
  beforeAll(() => server.resetHandlers(...off.handlers));

  it('serves no paywall to anyone, as a server without Stripe', async () => {
    expect(await served('sidebar')).toEqual([]);
    expect((await served('modal')).map((u) => u.name)).toEqual(['gate']);
  });
});
