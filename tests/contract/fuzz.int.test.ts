// Every operation of the spec, called with requests generated from its own schemas (path and
// query parameters, JSON bodies), mixed with hostile strings and numbers, signed in or not,
// against the real server on real PostgreSQL. Whatever comes in, the answer is never a 5xx and
// always what the spec says (problem+json for errors). FUZZ_RUNS sets the runs per operation.
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { MY_FILES, uploadAndIndex } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { askAndWait, PASSWORD, signedUp, visitor } from '../support/people.js';
import { plainRequest } from '../support/plain-request.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { startLinearFake } from '../fakes/linear.js';
import { startMarketDataFake } from '../fakes/market-data.js';
import { startErgastFake } from '../fakes/ergast.js';
import { startImageProviderFake } from '../fakes/image-provider.js';
import { startShopifyStorefrontFake } from '../fakes/shopify-storefront.js';
import { optionKeyOf } from '../../services/shopping/catalogue/feed-product.js';
import { startNominatimFake } from '../fakes/nominatim.js';
import { encodeUtf8, hostileNumberText, hostileString, toJsonText } from './hostile.js';
import { arbitraryFor, type SchemaContext } from './schema-arbitrary.js';
import { createSpecValidator, type SpecOperation } from './spec-validator.js';

type Json = any;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
// Operations that write a lot (a new thread per call), hash passwords, sign people out or stay open get fewer runs.
const RUNS_OF: Record<string, number> = {
  askQuestion: Math.ceil(RUNS / 3),
  signUpEmail: Math.ceil(RUNS / 2),
  signInEmail: Math.ceil(RUNS / 2),
  signOut: Math.ceil(RUNS / 5),
  // A stream that stays open is read for STREAM_READ_MS each run.
  streamNotifications: Math.ceil(RUNS / 8),
};
/** How long a stream (SSE) is read before the test moves on: long enough for an error event to show. */
const STREAM_READ_MS = 1_500;

const validator = createSpecValidator();
const spec = validator.spec as Json;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let owner: Browser;
let ownerEmail: string;
const known: Record<string, unknown[]> = {};
const knownOf: Record<string, Record<string, unknown[]>> = {};

// Downloads configured, so the download mail is sent for real (its 503 without them is honest, not a fault).
const DOWNLOADS_CONFIGURED = { BROWSER_DOWNLOAD_BASE_URL: 'https://downloads.example.com/browser', DOWNLOAD_MAIL_RATE_LIMIT: '1000' };
let stripe: StripeFake;
// Bug reports on, against the Linear fake: hostile reports reach the tracker's adapter.
const BUG_HOOK = 'fuzz-bug-report-hook-0123';
let linear: Awaited<ReturnType<typeof startLinearFake>>;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;
let ergast: Awaited<ReturnType<typeof startErgastFake>>;
let imageProvider: Awaited<ReturnType<typeof startImageProviderFake>>;
let shopify: Awaited<ReturnType<typeof startShopifyStorefrontFake>>;
let geocoder: Awaited<ReturnType<typeof startNominatimFake>>;

/** A merchant's feed in a file, so product details answer from a catalogue (their 503 without one is honest, not a fault). */
function merchantFeedsConfigured() {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-merchants-'));
  writeFileSync(join(dir, 'feed.tsv'), 'id\ttitle\tlink\tprice\nk1\tEnamel camping kettle\thttps://shop.example/k1\t24.00 EUR\n');
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([{ id: 'fuzz', name: 'Fuzz Shop', file: 'feed.tsv' }]));
  return { MERCHANT_FEEDS_FILE: join(dir, 'merchants.json') };
}

/** School domains listed, so student codes are mailed for real (the 503 of a server listing none is honest, not a fault). */
function studentDomainsConfigured() {
  const file = join(mkdtempSync(join(tmpdir(), 'fuzz-students-')), 'schools.txt');
  writeFileSync(file, 'example.com\nmit.edu\n');
  return { STUDENT_EMAIL_DOMAINS_FILE: file };
}

beforeAll(async () => {
  database = await createTestDatabase('fuzz');
  // Billing on, against the Stripe fake: hostile checkout, portal and webhook input reaches the SDK.
  stripe = await startStripeFake();
  // Every price the built-in plans sell, as an operator creates them: any plan and interval reaches Stripe.
  stripe.seedPlanPrices();
  linear = await startLinearFake({ apiKey: 'lin_fuzz_key', teamId: 'fuzz-team' });
  const BUG_REPORTS_CONFIGURED = {
    BUG_REPORT_TRACKER: 'linear',
    BUG_REPORT_HOOK: BUG_HOOK,
    BUG_REPORT_LINEAR_API_KEY: 'lin_fuzz_key',
    BUG_REPORT_LINEAR_TEAM_ID: 'fuzz-team',
    BUG_REPORT_LINEAR_API_URL: `${linear.url}/graphql`,
    BUG_REPORT_RATE_LIMIT: '1000',
  };
  // Market data on, against the Finnhub fake: hostile watchlist input reaches the provider's adapter.
  market = await startMarketDataFake();
  market.addInstrument('AAPL', 'APPLE INC');
  market.setQuote('AAPL', 190, 185);
  // And F1 results, against the Ergast fake.
  ergast = await startErgastFake();
  ergast.addDriver({ driverId: 'norris', givenName: 'Lando', familyName: 'Norris', code: 'NOR', nationality: 'British' });
  ergast.setLastRace({
    raceName: 'Miami Grand Prix',
    circuit: 'Miami',
    date: '2026-05-03',
    results: [{ driverId: 'norris', constructor: 'McLaren', points: '25' }],
  });
  const marketEnv = { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_URL: market.url, MARKET_DATA_API_KEY: market.apiKey, F1_RESULTS_URL: ergast.url };
  // Try-on on, against the image provider's fake: hostile try-on input reaches the checks, not a 503 for no provider.
  imageProvider = await startImageProviderFake();
  // A Shopify store, against its fake: hostile cart and address input reaches the Storefront adapter.
  shopify = await startShopifyStorefrontFake({ token: 'fuzz-storefront-token' });
  shopify.setProducts([
    {
      id: 'gid://shopify/Product/1',
      title: 'Fuzz mug',
      handle: 'mug',
      variants: [{ id: 'gid://shopify/ProductVariant/1', title: 'Default Title', price: '9.5' }],
    },
  ]);
  const shopifyEnv = { SHOPIFY_STORE_DOMAIN: shopify.url, SHOPIFY_STOREFRONT_TOKEN: 'fuzz-storefront-token' };
  // Places on, against the Nominatim fake: hostile place searches reach the classifier and the geocoder's adapter.
  geocoder = await startNominatimFake();
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      VALIDATE_RESPONSES: 'false',
      SIGN_IN_RATE_LIMIT: '1000000',
      WELCOME_MAIL_DELAY_SECONDS: '0',
      ...DOWNLOADS_CONFIGURED,
      ...BUG_REPORTS_CONFIGURED,
      ...stripe.env(),
      ...marketEnv,
      ...imageProvider.env(),
      ...merchantFeedsConfigured(),
      ...shopifyEnv,
      ...studentDomainsConfigured(),
      GEOCODER_URL: geocoder.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      ...stripe.env(),
    },
  });
  // Things that exist, so generated requests reach past "not found" into the handlers.
  ownerEmail = `fuzz.owner.${Date.now()}@example.com`;
  owner = await signedUp(server.url, 'Fuzz Owner', ownerEmail);
  const stranger = await signedUp(server.url, 'Fuzz Stranger');
  const org = await owner.post('/rest/organizations', { name: 'Fuzz Org' });
  const thread = await askAndWait(server.url, owner, 'how do I share a thread?');
  const request = await stranger.post(`/rest/thread/${thread.thread_url_slug}/access-requests`);
  const space = await owner.post('/rest/collections/create_collection', { title: 'Fuzz Space' });
  const doomedSpace = await owner.post('/rest/collections/create_collection', { title: 'To Delete' });
  await owner.post(`/rest/collections/${space.json.uuid}/members`, { email: 'member@example.com', role: 'READER' });
  const members = await owner.post(`/rest/collections/${space.json.uuid}/members`, { email: 'leaving@example.com', role: 'WRITER' });
  const memberWith = (email: string) => (members.json.members as { member_id: string; email: string }[]).find((m) => m.email === email)!;
  const [member, leaving] = [memberWith('member@example.com'), memberWith('leaving@example.com')];
  const text = (s: string) => new TextEncoder().encode(s);
  const { uuids } = await uploadAndIndex(owner, MY_FILES, [
    { filename: 'notes.md', bytes: text('# Notes\n\nSome text.') },
    { filename: 'doomed.md', bytes: text('# Doomed\n\nTo be deleted.') },
  ]);
  const reservation = await owner.post('/rest/places/reservations', {
    kind: 'restaurant',
    place: { place_id: 'osm:node:301', name: 'Trattoria Roma', address: 'Rua Garrett, Lisbon', website: 'https://trattoria-roma.example/', phone: null },
    handed_over_to: 'https://trattoria-roma.example/',
    details: { date: '2099-06-01', time: '19:30', party_size: 2 },
  });
  // Operations that delete get things of their own, so the ones after them still find theirs.
  Object.assign(knownOf, {
    removeReservation: { reservation_id: [reservation.json.reservation_id] },
    deleteCollection: { collection_uuid: [doomedSpace.json.uuid] },
    removeCollectionMember: { member_id: [leaving.member_id] },
    deleteRepositoryFiles: { file_uuids: [[uuids[1]]], uuids: [[uuids[1]]], file_uuid: [uuids[1]] },
    deleteFiles: { file_uuids: [[uuids[1]]], uuids: [[uuids[1]]], file_uuid: [uuids[1]] },
  });
  Object.assign(known, {
    org_uuid: [org.json.uuid ?? org.json.org_uuid],
    entry_uuid_or_slug: [thread.thread_url_slug, thread.context_uuid, thread.backend_uuid],
    entry_uuid: [thread.backend_uuid, thread.thread_url_slug],
    backend_uuid: [thread.backend_uuid],
    context_uuid: [thread.context_uuid],
    read_write_token: [thread.context_uuid],
    request_id: [request.json.request_id],
    collection_uuid: [space.json.uuid],
    new_collection_uuid: [space.json.uuid],
    uuid: [space.json.uuid, uuids[0]],
    collection_slug: [space.json.slug],
    member_id: [member.member_id],
    file_uuid: [uuids[0]],
    file_uuids: [[uuids[0]]],
    uuids: [[uuids[0]]],
    email: [ownerEmail],
    password: [PASSWORD],
    debugger_hook: [BUG_HOOK],
    option_key: [optionKeyOf('shopify', 'gid://shopify/ProductVariant/1')],
  });
  for (const [k, v] of Object.entries(known)) known[k] = v.filter((x) => x !== undefined);
}, 180_000);

/**
 * Things made just before an operation's runs, when an earlier operation's runs would have
 * replaced them: the owner's live store cart, which createFirmlyCart (earlier in the spec) replaces
 * at each of its runs, so setFirmlyShippingInfo's cases name the current cart and reach the
 * Storefront adapter's cartBuyerIdentityUpdate (and createFirmlySession, after it, finds a cart
 * with its address).
 */
const PREPARE_OF: Record<string, () => Promise<void>> = {
  setFirmlyShippingInfo: async () => {
    const cart = await owner.post('/rest/shopping/create-firmly-cart', { option_key: optionKeyOf('shopify', 'gid://shopify/ProductVariant/1') });
    if (cart.status !== 200) throw new Error(`the owner's store cart: ${cart.status} ${cart.text}`);
    knownOf.setFirmlyShippingInfo = {
      cart_id: [cart.json.cart_id],
      shipping_address: [{ name: 'Fuzz Owner', line1: '1 Ridge Road', city: 'Bergen', postal_code: '5003', country: 'NO' }],
    };
  },
};

const tally = new Map<string, Map<number, number>>();
afterAll(async () => {
  // FUZZ_REPORT=1 prints how far the cases got: statuses per operation.
  if (process.env.FUZZ_REPORT)
    console.log(
      [...tally]
        .map(
          ([op, statuses]) =>
            `${op}: ${[...statuses]
              .sort(([a], [b]) => a - b)
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')}`,
        )
        .join('\n'),
    );
  await server?.stop();
  await stripe?.close();
  await linear?.close();
  await shopify?.close();
  await market?.close();
  await ergast?.close();
  await imageProvider?.close();
  await geocoder?.close();
  await database?.drop();
});

const resolve = (node: Json): Json => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, key: string) => acc?.[key], spec);
  return node;
};

type Generated = {
  signedIn: boolean;
  path: Record<string, { raw: string } | string>;
  query: [string, string][];
  body: { text: string } | undefined;
};

const RAW_PATH_SEGMENTS = ['%', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%C0%AF', '%FF'];
// Malformed, not an object, prototype pollution, and over the 1 MB body limit.
const RAW_JSON_BODIES = [
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"polluted":1}}',
  '\u0000',
  '{}',
  JSON.stringify({ text: 'x'.repeat(1_100_000) }),
];

/** A value as text in a URL, kept under Node's 16 KB header limit (longer is a 431 from Node itself, before the app). */
const forUrl = (v: unknown) => (typeof v === 'object' && v !== null ? toJsonText(v) : String(v)).slice(0, 1_000);

/**
 * The query's values cut so that, percent-encoded, they stay under QUERY_BYTES together: an
 * operation with many parameters (oauthCallback has 11) of 1,000 characters each that encode to
 * 6 bytes (é) went past Node's 16 KB and got Node's own 431.
 */
const QUERY_BYTES = 12_000;
function withinUrlLimit(pairs: [string, string][]): [string, string][] {
  // At most 3 characters (%XX) a UTF-8 byte; counted in bytes, as a lone surrogate cannot be encoded.
  const encoded = (v: string) => 3 * Buffer.byteLength(v);
  let left = QUERY_BYTES;
  return pairs.map(([name, value]) => {
    let v = value;
    while (v && encoded(v) + name.length + 2 > left) v = v.slice(0, Math.floor(v.length / 2));
    left -= encoded(v) + name.length + 2;
    return [name, v];
  });
}

/** An empty segment, `.` or `..` make another URL (fetch resolves dot segments), so another operation or none. */
const isSegment = (v: string) => v !== '' && v !== '.' && v !== '..';

function requestFor(op: SpecOperation): fc.Arbitrary<Generated> {
  const context: SchemaContext = { resolve, known: { ...known, ...knownOf[op.operationId] } };
  const parameters: Json[] = [...(spec.paths[op.path].parameters ?? []), ...(op.op.parameters ?? [])].map(resolve);
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          {
            weight: 5,
            arbitrary: arbitraryFor(p.schema, context, 'valid', p.name).map(forUrl).filter(isSegment),
          },
          {
            weight: 3,
            arbitrary: arbitraryFor(p.schema, context, 'wild', p.name).map(forUrl).filter(isSegment),
          },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS).map((raw) => ({ raw })) },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Generated['path']>;
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          fc.oneof(
            { weight: 6, arbitrary: arbitraryFor(p.schema, context, 'valid', p.name) },
            { weight: 3, arbitrary: p.schema?.type === 'integer' || p.schema?.type === 'number' ? hostileNumberText() : hostileString().map(forUrl) },
          ),
          { freq: 3 },
        ),
      ),
    )
    .map((values) =>
      withinUrlLimit(
        values.flatMap((v, i): [string, string][] =>
          v === null ? [] : Array.isArray(v) ? v.map((x) => [queryParams[i].name, forUrl(x)]) : [[queryParams[i].name, forUrl(v)]],
        ),
      ),
    );
  const bodySchema = op.op.requestBody?.content?.['application/json']?.schema;
  const body: fc.Arbitrary<Generated['body']> = bodySchema
    ? fc.oneof(
        { weight: 9, arbitrary: arbitraryFor(bodySchema, context, 'valid').map((v) => ({ text: toJsonText(v) })) },
        { weight: 3, arbitrary: arbitraryFor(bodySchema, context, 'wild').map((v) => ({ text: toJsonText(v) })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON_BODIES).map((text) => ({ text })) },
      )
    : fc.constant(undefined);
  return fc.record({ signedIn: fc.boolean(), path, query, body });
}

function urlOf(op: SpecOperation, g: Generated) {
  const pathname = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = g.path[name];
    return typeof v === 'string' ? encodeUtf8(v) : v.raw;
  });
  const search = g.query.map(([k, v]) => `${encodeUtf8(k)}=${encodeUtf8(v)}`).join('&');
  return `${server.url}${pathname}${search ? `?${search}` : ''}`;
}

/** The schema of each event's `data`, by event name, as the spec's descriptions of the streams say. */
const EVENT_SCHEMAS: Record<string, string> = {
  thread: 'ThreadCreatedEvent',
  sources: 'SourcesEvent',
  delta: 'DeltaEvent',
  related: 'RelatedEvent',
  completed: 'CompletedEvent',
  failed: 'FailedEvent',
  message: 'FileIndexProgress',
  unread: 'NotificationUnreadEvent',
};

/** What is wrong with the complete events of a stream read so far (the last one may be cut off). */
function streamProblems(op: SpecOperation, text: string): string[] {
  const blocks = text.split('\n\n').slice(0, -1);
  return blocks.flatMap((block) => {
    const field = (name: string) =>
      block
        .split('\n')
        .filter((l) => l.startsWith(`${name}:`))
        .map((l) => l.slice(name.length + 1).trimStart())
        .join('\n');
    const event = field('event') || 'message';
    const schema = EVENT_SCHEMAS[event];
    if (!schema) return [`${op.operationId}: unknown event "${event}"`];
    let data: unknown;
    try {
      data = JSON.parse(field('data'));
    } catch {
      return [`${op.operationId}: the data of "${event}" is not JSON`];
    }
    return validator.checkValue(`${op.operationId} event ${event}`, { $ref: `#/components/schemas/${schema}` }, data);
  });
}

async function send(op: SpecOperation, g: Generated) {
  const url = urlOf(op, g);
  let cookie = '';
  if (g.signedIn && op.operationId === 'signOut') {
    // Signing the owner out would sign every later case out: a session of its own instead.
    const other = await visitor(server.url);
    await other.post('/api/auth/sign-in/email', { email: ownerEmail, password: PASSWORD });
    cookie = other.cookieHeader();
  } else if (g.signedIn) cookie = owner.cookieHeader();
  const headers: Record<string, string> = { origin: server.url };
  if (cookie) headers.cookie = cookie;
  if (g.body) headers['content-type'] = 'application/json';
  // node:http, not fetch: some ten thousand requests here, at a third of fetch's CPU each (plain-request.ts).
  const init = { method: op.method, headers, body: g.body?.text, streamReadMs: STREAM_READ_MS };
  // A kept-alive connection the server closed just as it was reused fails without an answer:
  // tried once more on a new connection (a request that really kills its connection fails twice).
  const res = await plainRequest(url, init).catch(() => plainRequest(url, init));
  const type = res.headers.get('content-type') ?? '';
  const text = res.text;
  // A stream's status and type against the spec; its events each against their schema.
  const problems = validator.check(op.method, new URL(url).pathname, res.status, type, text);
  if (type.startsWith('text/event-stream')) problems.push(...streamProblems(op, text));
  return { status: res.status, text, problems };
}

describe('every operation, generated requests with hostile input', () => {
  for (const op of validator.operations) {
    test(`${op.operationId} (${op.method.toUpperCase()} ${op.path}) never answers 5xx or off-spec`, async () => {
      await PREPARE_OF[op.operationId]?.();
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (g) => {
          const { status, text, problems } = await send(op, g);
          const statuses = tally.get(op.operationId) ?? tally.set(op.operationId, new Map()).get(op.operationId)!;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500)
            expect.fail(
              `${op.operationId} ${urlOf(op, g)} ${g.body?.text.slice(0, 300) ?? ''}\n→ ${status} ${text.slice(0, 300)}\n${server.logs().slice(-3000)}`,
            );
          expect(problems.join('\n'), `${urlOf(op, g).slice(0, 300)} ${g.body?.text.slice(0, 300) ?? ''}`).toBe('');
        }),
        { numRuns: RUNS_OF[op.operationId] ?? RUNS, endOnFailure: process.env.FUZZ_SHRINK !== 'true' },
      );
    });
  }
  test('the spec has operations to fuzz', () => {
    expect(validator.operations.length).toBeGreaterThan(50);
  });
});
