// The product catalogue (issue 35) on the real server and PostgreSQL, against the merchant feed
// fake: the feeds configured in MERCHANT_FEEDS_FILE (an XML URL, a TSV URL, a TSV file) are synced
// at start by the durable workflow; a buying question's entry gets product cards (price cap and
// rating included) that are kept with it; a product's details list its options; a broken, too
// large or wrongly-columned feed fails its sync with the reason and keeps the last good catalogue;
// a changed feed replaces it; orders price an option with findPricedOption; the authorization
// rows of the calls; and a server with no merchant says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { parseMerchantFeeds } from '../../services/shared/merchant-feeds-config.js';
import { optionKeyOf } from '../../services/shopping/catalogue/feed-product.js';
import { findPricedOption, syncMerchant, bindCatalogueDatabase } from '../../services/shopping/index.js';
import { closeWorkerPools } from '../../services/workers/index.js';
import { type FakeItem, startMerchantFeedFake, tsvFeed, xmlFeed } from '../fakes/merchant-feed.js';
import { createTestDatabase, testDb } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const PEAK: FakeItem[] = [
  {
    id: 'J1-M',
    groupId: 'J1',
    title: 'Alpine waterproof hiking jacket',
    brand: 'Peak',
    price: '189.00 EUR',
    size: 'M',
    color: 'Red',
    rating: 4.6,
    reviews: 120,
  },
  {
    id: 'J1-L',
    groupId: 'J1',
    title: 'Alpine waterproof hiking jacket',
    brand: 'Peak',
    price: '195.00 EUR',
    size: 'L',
    color: 'Blue',
    image: 'https://shop.example/img/blue.jpg',
  },
  { id: 'J2', title: 'Summit waterproof hiking jacket', brand: 'Peak', price: '349.00 EUR' },
  { id: 'K1', title: 'Enamel camping kettle', brand: 'Peak', price: '24.00 EUR' },
];
const TRAIL: FakeItem[] = [
  { id: 'T1', title: 'Lightweight hiking jacket', description: 'Waterproof shell for the trail', brand: 'Trail', price: '149.00 EUR', rating: 4.1, reviews: 8 },
];
const LOCAL: FakeItem[] = [{ id: 'L1', title: 'Wool hiking socks', price: '12.00 EUR' }];

let database: { url: string; drop: () => Promise<void> };
let feeds: Awaited<ReturnType<typeof startMerchantFeedFake>>;
let server: ServerProcess;
let listPath: string;
let db: Db;
let store: EventStore;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const merchantsOf = async (b: Browser) => (await b.get('/rest/shopping/merchant-feeds')).json.merchants as Array<Record<string, any>>;

beforeAll(async () => {
  database = await createTestDatabase('shopping');
  feeds = await startMerchantFeedFake();
  feeds.serve('/peak.xml', xmlFeed(PEAK));
  feeds.serve('/trail.tsv', tsvFeed(TRAIL));
  const dir = mkdtempSync(join(tmpdir(), 'merchants-'));
  writeFileSync(join(dir, 'local.tsv'), tsvFeed(LOCAL));
  listPath = join(dir, 'merchants.json');
  writeFileSync(
    listPath,
    JSON.stringify([
      { id: 'peak', name: 'Peak Outdoors', url: `${feeds.url}/peak.xml` },
      { id: 'trail', name: 'Trail Co', url: `${feeds.url}/trail.tsv`, currency: 'EUR' },
      { id: 'local', name: 'Local Socks', file: 'local.tsv' },
    ]),
  );
  server = await startServerProcess({ databaseUrl: database.url, env: { MERCHANT_FEEDS_FILE: listPath } });
  db = testDb(database.url, 4);
  store = new EventStore(db, projections);
  bindCatalogueDatabase(db);
  const anyone = await visitor(server.url);
  await waitFor(
    () => merchantsOf(anyone),
    (ms) => ms.every((m) => m.last_ok_at),
    'the first syncs',
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await closeWorkerPools();
  await db?.destroy();
  await feeds?.close();
  await database?.drop();
});

/** The owner's buying question, answered; its entry and thread token. */
async function asked(b: Browser, query_str: string, extra: Record<string, unknown> = {}) {
  const events = await collect(await askStream(server.url, b, { query_str, ...extra }));
  expect(events.at(-1)?.event).toBe('completed');
  return events[0].data as { backend_uuid: string; context_uuid: string; thread_url_slug: string };
}
const cardsFor = async (b: Browser, query: string, entry: { backend_uuid: string }, token: string) => {
  const res = await b.post('/rest/shopping/search-shopping-for-entry', { query, read_write_token: token, entry_uuid: entry.backend_uuid });
  expect(res.status, res.text).toBe(200);
  return res.json.shopping_widgets as Array<Record<string, any>>;
};

describe('the catalogue from the merchants’ feeds', () => {
  test('the workflow syncs every merchant at start; the server says shopping is on', { timeout: 60_000 }, async () => {
    const anyone = await visitor(server.url);
    const merchants = await merchantsOf(anyone);
    expect(merchants.map((m) => [m.merchant_id, m.merchant_name, m.product_count, m.last_error])).toEqual([
      ['peak', 'Peak Outdoors', 3, null],
      ['trail', 'Trail Co', 1, null],
      ['local', 'Local Socks', 1, null],
    ]);
    expect((await anyone.get('/rest/server/features')).json.shopping).toBe(true);
  });

  test('a buying question gets cards under its price cap, ranked, with rating and merchant; kept with the entry', { timeout: 60_000 }, async () => {
    const owner = await signedUp(server.url, 'Shopper');
    const question = 'a waterproof hiking jacket under 200 euros';
    const entry = await asked(owner, question);
    const cards = await cardsFor(owner, question, entry, entry.context_uuid);
    expect(cards.map((c) => c.title)).toEqual(['Alpine waterproof hiking jacket', 'Lightweight hiking jacket']);
    expect(cards[0]).toMatchObject({
      price_minor: 18900,
      currency: 'EUR',
      merchant_name: 'Peak Outdoors',
      rating: 4.6,
      review_count: 120,
      option_count: 2,
      available: true,
    });
    // Asked again (a reload), the entry shows the same cards, even for another query.
    expect(await cardsFor(owner, 'buy a kettle', entry, entry.context_uuid)).toEqual(cards);
    const plain = await asked(owner, 'why is the sky blue');
    expect(await cardsFor(owner, 'why is the sky blue', plain, plain.context_uuid)).toEqual([]);
  });

  test("a product's details list its options with their own prices and images; an unknown option is 404", { timeout: 30_000 }, async () => {
    const anyone = await visitor(server.url);
    const owner = await signedUp(server.url, 'Detail Shopper');
    const entry = await asked(owner, 'buy a waterproof jacket');
    const card = (await cardsFor(owner, 'buy a waterproof jacket', entry, entry.context_uuid)).find((c) => c.title === 'Alpine waterproof hiking jacket');
    const res = await anyone.post('/rest/shopping/fetch-product-details', { option_key: card!.option_key });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ title: card!.title, merchant_name: card!.merchant_name, selected_option_key: card!.option_key });
    expect(res.json.options.map((o: any) => [o.label, o.price_minor, o.image_url])).toEqual([
      ['Red / M', 18900, 'https://shop.example/img/J1-M.jpg'],
      ['Blue / L', 19500, 'https://shop.example/img/blue.jpg'],
    ]);
    const missing = await anyone.post('/rest/shopping/fetch-product-details', { option_key: 'no-such-option' });
    expect([missing.status, missing.json.code]).toEqual([404, 'product_not_found']);
    expect((await anyone.post('/rest/shopping/fetch-product-details', {})).status).toBe(400);
  });
});

describe('syncs that fail keep the last good catalogue', () => {
  const peak = () => parseMerchantFeeds(JSON.stringify([{ id: 'peak', name: 'Peak Outdoors', url: `${feeds.url}/peak.xml` }]), listPath)[0]!;
  const deps = () => ({ db, store, now: () => new Date(), feedMaxBytes: 1024 * 1024 });

  test.each([
    ['broken XML', '<?xml version="1.0"?><rss><channel><item><g:id>1</g:id></channel></rss>', /not well-formed XML/],
    ['wrong columns', 'sku\tname\tcost\n1\tMug\t3 EUR\n', /columns lack id, title, link, price/],
    ['too large', { bytes: 2 * 1024 * 1024 }, /larger than 1 MB/],
  ] as const)('%s: the sync fails with the reason; search still finds the old products', { timeout: 30_000 }, async (_what, body, reason) => {
    feeds.serve('/peak.xml', body);
    const result = await syncMerchant(deps(), peak());
    expect(result.outcome).toBe('failed');
    expect(result.reason).toMatch(reason);
    const m = (await merchantsOf(await visitor(server.url))).find((x) => x.merchant_id === 'peak')!;
    expect(m.last_error).toMatch(reason);
    expect(m.product_count).toBe(3);
    expect(await findPricedOption(optionKeyOf('peak', 'J1-M'))).toMatchObject({ title: 'Alpine waterproof hiking jacket', priceMinor: 18900 });
  });

  test('an unchanged feed is checked, not parsed; a changed one replaces the catalogue at once', { timeout: 30_000 }, async () => {
    feeds.serve('/peak.xml', xmlFeed(PEAK));
    expect((await syncMerchant(deps(), peak())).outcome).toBe('unchanged');
    feeds.serve('/peak.xml', xmlFeed([{ id: 'N1', title: 'Down sleeping bag', brand: 'Peak', price: '99.00 EUR', availability: 'out_of_stock' }]));
    expect(await syncMerchant(deps(), peak())).toMatchObject({ outcome: 'synced', product_count: 1 });
    expect(await findPricedOption(optionKeyOf('peak', 'J1-M'))).toBeNull();
    const owner = await signedUp(server.url, 'Sleeper');
    const entry = await asked(owner, 'cheapest sleeping bag');
    const [card] = await cardsFor(owner, 'cheapest sleeping bag', entry, entry.context_uuid);
    expect(card).toMatchObject({ title: 'Down sleeping bag', available: false, merchant_id: 'peak' });
    expect(await findPricedOption(card!.option_key)).toEqual({
      optionKey: card!.option_key,
      productId: 'peak:N1',
      merchantId: 'peak',
      merchantName: 'Peak Outdoors',
      merchantKind: 'feed',
      itemId: 'N1',
      title: 'Down sleeping bag',
      optionLabel: 'Down sleeping bag',
      priceMinor: 9900,
      currency: 'EUR',
      imageUrl: 'https://shop.example/img/N1.jpg',
      available: false,
    });
  });
});

describe('authorization rows', () => {
  test('searchShoppingForEntry: owner with the token, owner without it, a stranger, anonymous; then readers of the shared thread', {
    timeout: 60_000,
  }, async () => {
    const owner = await signedUp(server.url, 'Row Owner');
    const [stranger, anonymous] = await Promise.all([signedUp(server.url, 'Row Stranger'), visitor(server.url)]);
    const q = 'buy a hiking jacket';
    const entry = await asked(owner, q);
    const rows = async (token: string) => ({
      ownerWrongToken: (await cardsFor(owner, q, entry, 'not-the-token')).length,
      stranger: (await cardsFor(stranger, q, entry, token)).length,
      anonymous: (await cardsFor(anonymous, q, entry, token)).length,
    });
    // Nobody but the owner holding the thread's token gets a search (and nothing is kept).
    expect(await rows(entry.context_uuid)).toEqual({ ownerWrongToken: 0, stranger: 0, anonymous: 0 });
    const mine = await cardsFor(owner, q, entry, entry.context_uuid);
    expect(mine.length).toBeGreaterThan(0);
    // The client's own thread id, when it asked with one, is the token too.
    const frontend = crypto.randomUUID();
    const other = await asked(owner, q, { frontend_context_uuid: frontend });
    expect((await cardsFor(owner, q, other, frontend)).length).toBeGreaterThan(0);
    // Private thread: the kept cards stay the owner's.
    expect(await rows(entry.context_uuid)).toEqual({ ownerWrongToken: mine.length, stranger: 0, anonymous: 0 });
    expect((await owner.send('PUT', `/rest/thread/${entry.thread_url_slug}/access`, { json: { thread_access: 'public read' } })).status).toBe(200);
    // Shared: its readers see the kept cards, whatever they send.
    expect(await cardsFor(stranger, 'anything', entry, 'wrong')).toEqual(mine);
    expect(await cardsFor(anonymous, 'anything', entry, 'wrong')).toEqual(mine);
  });

  test('fetchProductDetails and listMerchantFeeds: the merchants’ public offer, for everyone', { timeout: 30_000 }, async () => {
    const [member, anonymous] = await Promise.all([signedUp(server.url, 'Row Member'), visitor(server.url)]);
    const socks = await asked(member, 'buy wool socks');
    const [card] = await cardsFor(member, 'buy wool socks', socks, socks.context_uuid);
    for (const b of [member, anonymous]) {
      expect((await b.post('/rest/shopping/fetch-product-details', { option_key: card!.option_key })).status).toBe(200);
      expect((await b.get('/rest/shopping/merchant-feeds')).status).toBe(200);
    }
    expect(card).toMatchObject({ title: 'Wool hiking socks', merchant_name: 'Local Socks' });
  });
});

describe('no merchant configured', () => {
  test('features say shopping is off; details are 503 with the reason; searches give no cards', { timeout: 60_000 }, async () => {
    const bare = await createTestDatabase('shopping-off');
    const off = await startServerProcess({ databaseUrl: bare.url });
    try {
      const anyone = await visitor(off.url);
      expect((await anyone.get('/rest/server/features')).json.shopping).toBe(false);
      const res = await anyone.post('/rest/shopping/fetch-product-details', { option_key: 'x' });
      expect([res.status, res.json.code, res.json.detail]).toEqual([
        503,
        'shopping_not_configured',
        'Shopping is not set up on this server: no merchant product feed is configured (MERCHANT_FEEDS_FILE).',
      ]);
      expect((await anyone.get('/rest/shopping/merchant-feeds')).json).toEqual({ merchants: [] });
      const entry = crypto.randomUUID();
      const cards = await anyone.post('/rest/shopping/search-shopping-for-entry', {
        query: 'buy a jacket under 100 euros',
        read_write_token: entry,
        entry_uuid: entry,
      });
      expect(cards.json).toEqual({ shopping_widgets: [] });
    } finally {
      await off.stop();
      await bare.drop();
    }
  });
});
