// Partner landing pages and the phone apps on the real server: the operator's PARTNERS_FILE is
// served as configured (codes matched without regard to case, unknown ones 404), the store
// addresses as set, and with billing off a code check says so (503, as billing's calls do) rather than pretending.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let dir: string;
const acme = {
  code: 'acme',
  name: 'Acme Mobile',
  messages: { title: 'Pro, on Acme', description: 'Acme customers get Pro.', enterCodeToContinue: 'Enter your Acme code' },
  logoUrl: 'https://cdn.acme.example/logo.svg',
  includeLandingLogo: true,
  defaultPrice: 20,
  currencySymbol: '$',
  billingPeriod: 'month',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'partners-int-'));
  writeFileSync(join(dir, 'partners.json'), JSON.stringify([acme]));
  database = await createTestDatabase('partners');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { DATA_DIR: dir, PARTNERS_FILE: join(dir, 'partners.json'), APP_STORE_URL: 'https://apps.apple.com/app/id1' },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

test('a partner is served to visitors and people alike as configured; another code is 404', async () => {
  for (const who of [await visitor(server.url), await signedUp(server.url, 'Ada', `ada.partners.${Date.now()}@example.com`)]) {
    const res = await who.get('/rest/partners/ACME');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...acme, maskPromoCodeFromQueryParams: false, allowExistingSubscribersToRedeem: false });
    const missing = await who.get('/rest/partners/nobody');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('partner_not_found');
  }
});

test('with billing off a code check is refused as such, and an unknown partner first', async () => {
  const v = await visitor(server.url);
  const off = await v.post('/rest/partners/check-discount-code', { reason: 'partner-signup', discountCode: 'WELCOME', partnerCode: 'acme' });
  expect(off.status).toBe(503);
  expect(off.json).toMatchObject({ code: 'billing_not_configured' });
  const unknown = await v.post('/rest/partners/check-discount-code', { reason: 'partner-signup', discountCode: 'WELCOME', partnerCode: 'nobody' });
  expect(unknown.status).toBe(404);
  const bad = await v.post('/rest/partners/check-discount-code', { reason: 'other', discountCode: 'WELCOME' });
  expect(bad.status).toBe(400);
});

test('the phone apps: the store set, and null for the one not set', async () => {
  const res = await (await visitor(server.url)).get('/rest/mobile-app');
  expect(res.json).toEqual({ ios_url: 'https://apps.apple.com/app/id1', android_url: null, ios_rating: null, android_rating: null });
});

test('code checks are limited per address', async () => {
  const v = await visitor(server.url);
  const statuses: number[] = [];
  for (let i = 0; i < 35; i++) statuses.push((await v.post('/rest/partners/check-discount-code', { reason: 'partner-signup', discountCode: `C${i}` })).status);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(statuses.slice(0, 25).every((s) => s === 503)).toBe(true);
});
