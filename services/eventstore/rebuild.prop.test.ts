// `make rebuild-projections` must give back exactly the read models that inline projection
// wrote: random sequences of identity, mail and personal-settings commands (an account's erasure
// among them) run through the real use cases, the read-model tables are snapshot, rebuilt from the
// log, and compared.
import { factsFor } from '../shared/actor.js';
import { actorOfFacts } from '../shared/actor-without-request.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import { redactors } from '../app/erasure.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { decideErase } from '../identity/decide.js';
import { namesAndEmailsOf } from '../identity/erasure.js';
import { accountStream, evolveAccount, initialAccount } from '../identity/events.js';
import { recordEmailVerified, recordTwoFactor, registerAccount } from '../identity/use-cases.js';
import { deliverMail, discardMailOf, queueMail } from '../mail/use-cases.js';
import { eraseEvents } from './erasure.js';
import {
  decideAddSiteInstruction,
  decideEditSiteInstruction,
  decidePersonalization,
  decidePreferences,
  decideRemoveSiteInstruction,
} from '../settings/decide.js';
import type { AccountSettingsEvent } from '../settings/events.js';
import { changeSettings } from '../settings/use-cases.js';
import { decideSync } from '../shopping/catalogue/decide.js';
import { evolveMerchant, initialMerchant, merchantProductsStream, merchantStream } from '../shopping/catalogue/events.js';
import { productsOf } from '../shopping/catalogue/feed-product.js';
import { foldCatalogueStats } from '../shopping/catalogue/stat-folder.js';
import { decideCartCreated, decideExpired, decideShippingSet as decideCartShippingSet } from '../shopping/carts/decide.js';
import { cartStream, evolveCart, NO_CART } from '../shopping/carts/events.js';
import { DomainError } from '../shared/domain-error.js';
import { DEFAULT_IMPRESSION_LIMITS, parseUpsellCatalogue } from '../shared/upsell-catalogue.js';
import { decideImpression, decideInteracted } from '../upsells/decide.js';
import { evolveUpsellMarks, type UpsellMarks, upsellStream } from '../upsells/events.js';
import { decideEdit, decideExtracted, decideFeedback, decideForget, decideForgetAll, decideSwitch, decideToggle } from '../memories/decide.js';
import type { MemoryEvent } from '../memories/events.js';
import { changeMemories } from '../memories/use-cases.js';
import { changeStream } from './change.js';
import { decideAvatarGenerated, decideDelete as decideAvatarDelete, decideSave as decideAvatarSave, decideTryOnGenerated } from '../shopping/try-on/decide.js';
import { evolveTryOn, initialTryOn, type TryOnEvent, tryOnStream } from '../shopping/try-on/events.js';
import { decideCheck, decideHandedOver } from '../market/decide.js';
import { evolvePriceAlert, initialPriceAlert, priceAlertStream } from '../market/events.js';
import { decideAdd, decideRemove, decideReorder } from '../watchlist/decide.js';
import { evolveWatchlist, initialWatchlist, watchlistStream } from '../watchlist/events.js';
import { decideConfirmCode, decideSendCode } from '../students/decide.js';
import { evolveStudent, initialStudent, studentStream } from '../students/events.js';
import { decideRecordReservation, decideRemoveReservation } from '../places/decide.js';
import { evolveReservations, initialReservations, reservationsStream } from '../places/events.js';
import { subscriptionIdFor } from '../notifications/subscription-id.js';
import { dropExpired, markAllRead, markRead, notify, setPreferences, subscribe, unsubscribe } from '../notifications/use-cases.js';
import { decideCopy, decideCreate, decideDelete, decideFinishRun, decidePause, decideResume, decideStartRun, decideUpdate } from '../tasks/decide.js';
import { changeTask, readTask } from '../tasks/use-cases.js';
import type { NewEvent } from './types.js';
import { rebuildProjections } from './rebuild.js';
import { EventStore } from './store.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDbWithAuth());
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

// threads and thread_entries have their own property (tests/integration/threads-rebuild.prop.test.ts), Spaces
// theirs (services/spaces/rebuild.prop.test.ts); here they stay empty.
const READ_MODELS = {
  accounts: ['user_id'],
  subscriptions: ['user_id'],
  visitor_claims: ['visitor_id'],
  mail_outbox: ['id'],
  threads: ['context_uuid'],
  thread_entries: ['backend_uuid'],
  thread_access_requests: ['request_id'],
  thread_readers: ['context_uuid', 'user_id'],
  bookmarks: ['user_id', 'context_uuid'],
  article_likes: ['context_uuid', 'user_id'],
  article_views: ['context_uuid', 'viewer_key'],
  spaces: ['uuid'],
  space_members: ['space_uuid', 'member_id'],
  files: ['file_uuid'],
  file_uploads: ['object_key'],
  image_uploads: ['object_key'],
  org_file_settings: ['org_uuid'],
  file_withheld_connections: ['connection_uuid'],
  orgs: ['uuid'],
  org_members: ['member_id'],
  org_invitations: ['invitation_id'],
  org_sso: ['org_uuid'],
  account_settings: ['user_id'],
  site_instructions: ['user_id', 'domain'],
  data_exports: ['export_id'],
  browser_invites: ['code'],
  browser_invite_claims: ['user_id'],
  upsell_marks: ['subject', 'upsell_name'],
  memories: ['memory_key'],
  memory_switches: ['user_id'],
  try_on_images: ['image_id'],
  try_on_avatars: ['user_id'],
  mcp_servers: ['server_id'],
  mcp_tool_settings: ['user_id', 'server_id', 'tool_name'],
  mcp_calls: ['call_id'],
  connector_connections: ['connection_uuid'],
  connector_items: ['item_uuid'],
  connector_documents: ['connection_uuid', 'remote_id'],
  connector_groups: ['connection_uuid', 'kind', 'key'],
  price_alert_states: ['task_id'],
  watchlist_items: ['user_id', 'list', 'identifier'],
  student_verifications: ['user_id'],
  notification_preferences: ['user_id'],
  notifications: ['id'],
  push_subscriptions: ['subscription_id'],
  tasks: ['task_id'],
  api_keys: ['key_id'],
  api_key_usage: ['key_id', 'month'],
  agent_tasks: ['task_uuid'],
  agent_steps: ['task_uuid', 'step'],
  agent_screenshots: ['task_uuid', 'step'],
  research_reports: ['backend_uuid'],
  research_steps: ['backend_uuid', 'number'],
  shopping_orders: ['order_id'],
  shoppers: ['user_id'],
  shopping_carts: ['user_id'],
  shopping_products: ['product_id'],
  shopping_options: ['option_key'],
  shopping_merchant_syncs: ['merchant_id'],
  shopping_entry_widgets: ['backend_uuid'],
  shopping_term_stats: ['term', 'merchant_id'],
  shopping_catalogue_stats: ['merchant_id'],
  shopping_stat_changes: ['id'],
  place_entry_places: ['backend_uuid'],
  place_reservations: ['reservation_id'],
  passages: ['id'],
  passage_corpus_stats: ['corpus'],
  passage_term_stats: ['corpus', 'term'],
  passage_stat_changes: ['id'],
  passage_withheld_origins: ['origin'],
  passage_segments: ['seg'],
  passage_postings: ['key', 'seg'],
} as const;

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const [table, keys] of Object.entries(READ_MODELS))
    out[table] = (await sql.raw(`select * from "${table}" order by ${keys.map((k) => `"${k}"`).join(', ')}`).execute(db)).rows;
  return out;
}

type Command =
  | { kind: 'register'; user: number; visitor: number | null; name: string }
  | { kind: 'queue'; mail: number; user: number | null; subject: string }
  | { kind: 'deliver'; mail: number; via: 'outbox' | 'smtp' }
  | { kind: 'prefs'; user: number; theme: 'light' | 'dark' | 'system'; incognito: boolean }
  | { kind: 'personal'; user: number; about: string }
  | { kind: 'site'; user: number; site: number; remove: boolean; instructions: string }
  | { kind: 'verify'; user: number }
  | { kind: 'two-factor'; user: number; enabled: boolean }
  | { kind: 'upsell'; user: number; visitor: number | null; upsell: 'gate' | 'pro'; clicked: boolean }
  | { kind: 'memory'; user: number; memory: number; op: 'add' | 'edit' | 'forget' | 'toggle' | 'feedback' | 'forget-all' | 'switch'; content: string }
  | { kind: 'alert'; user: number; alert: number; movement: boolean; price: number; handOver: boolean }
  | { kind: 'notify'; user: number; n: number; op: 'prefs' | 'send' | 'read' | 'read-all' | 'subscribe' | 'unsubscribe' | 'expire'; flag: number }
  | { kind: 'task'; user: number; task: number; op: 'create' | 'update' | 'pause' | 'resume' | 'delete' | 'copy' | 'run' | 'end'; content: string }
  | { kind: 'watch'; user: number; ticker: number; op: 'add' | 'remove' | 'move'; order: number }
  | { kind: 'student'; user: number; op: 'send' | 'enter'; right: boolean }
  | { kind: 'try-on'; user: number; image: number; op: 'avatar' | 'save' | 'delete' | 'try' }
  | { kind: 'catalogue'; merchant: number; op: 'sync' | 'fail' | 'remove'; titles: string[]; price: number }
  | { kind: 'reserve'; user: number; op: 'record' | 'remove'; n: number; note: string }
  | { kind: 'cart'; user: number; op: 'create' | 'shipping' | 'expire'; n: number; total: number }
  | { kind: 'erase'; user: number };

const text = fc.string({ minLength: 1, maxLength: 12 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), user: fc.nat(5), visitor: fc.option(fc.nat(3)), name: text }),
  fc.record({ kind: fc.constant('queue' as const), mail: fc.nat(5), user: fc.option(fc.nat(5)), subject: text }),
  fc.record({ kind: fc.constant('deliver' as const), mail: fc.nat(5), via: fc.constantFrom('outbox' as const, 'smtp' as const) }),
  fc.record({
    kind: fc.constant('prefs' as const),
    user: fc.nat(5),
    theme: fc.constantFrom('light' as const, 'dark' as const, 'system' as const),
    incognito: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('personal' as const), user: fc.nat(5), about: text }),
  fc.record({ kind: fc.constant('site' as const), user: fc.nat(5), site: fc.nat(3), remove: fc.boolean(), instructions: text }),
  // The account's address verified, two-factor sign-in turned on or off (accounts' email_verified_at, two_factor_enabled).
  fc.record({ kind: fc.constant('verify' as const), user: fc.nat(5) }),
  fc.record({ kind: fc.constant('two-factor' as const), user: fc.nat(5), enabled: fc.boolean() }),
  fc.record({
    kind: fc.constant('upsell' as const),
    user: fc.nat(5),
    visitor: fc.option(fc.nat(3)),
    upsell: fc.constantFrom('gate' as const, 'pro' as const),
    clicked: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('memory' as const),
    user: fc.nat(5),
    memory: fc.nat(3),
    op: fc.constantFrom('add' as const, 'edit' as const, 'forget' as const, 'toggle' as const, 'feedback' as const, 'forget-all' as const, 'switch' as const),
    content: text,
  }),
  fc.record({
    kind: fc.constant('try-on' as const),
    user: fc.nat(5),
    image: fc.nat(3),
    op: fc.constantFrom('avatar' as const, 'save' as const, 'delete' as const, 'try' as const),
  }),
  fc.record({
    kind: fc.constant('alert' as const),
    user: fc.nat(5),
    alert: fc.nat(2),
    movement: fc.boolean(),
    price: fc.integer({ min: 80, max: 120 }),
    handOver: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('notify' as const),
    user: fc.nat(5),
    n: fc.nat(3),
    op: fc.constantFrom(
      'prefs' as const,
      'send' as const,
      'read' as const,
      'read-all' as const,
      'subscribe' as const,
      'unsubscribe' as const,
      'expire' as const,
    ),
    flag: fc.nat(7),
  }),
  fc.record({
    kind: fc.constant('task' as const),
    user: fc.nat(5),
    task: fc.nat(3),
    op: fc.constantFrom(
      'create' as const,
      'update' as const,
      'pause' as const,
      'resume' as const,
      'delete' as const,
      'copy' as const,
      'run' as const,
      'end' as const,
    ),
    content: text,
  }),
  fc.record({
    kind: fc.constant('watch' as const),
    user: fc.nat(5),
    ticker: fc.nat(4),
    op: fc.constantFrom('add' as const, 'remove' as const, 'move' as const),
    order: fc.nat(5),
  }),
  // A merchant's feed synced (a new catalogue in parts, or an unchanged one checked), failed, or removed.
  fc.record({
    kind: fc.constant('catalogue' as const),
    merchant: fc.nat(2),
    op: fc.constantFrom('sync' as const, 'fail' as const, 'remove' as const),
    titles: fc.array(text, { minLength: 1, maxLength: 4 }),
    price: fc.integer({ min: 1, max: 500 }),
  }),
  // A student code sent to a school address, or a code entered (right or wrong).
  fc.record({ kind: fc.constant('student' as const), user: fc.nat(5), op: fc.constantFrom('send' as const, 'enter' as const), right: fc.boolean() }),
  fc.record({
    kind: fc.constant('reserve' as const),
    user: fc.nat(5),
    op: fc.constantFrom('record' as const, 'remove' as const),
    n: fc.nat(3),
    note: text,
  }),
  // A store cart made (replacing the last), its buyer and address set, or lost by the store.
  fc.record({
    kind: fc.constant('cart' as const),
    user: fc.nat(5),
    op: fc.constantFrom('create' as const, 'shipping' as const, 'expire' as const),
    n: fc.nat(2),
    total: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('erase' as const), user: fc.nat(5) }),
);

/** A person's store cart through the carts' rules (services/shopping/carts/use-cases.ts), the store's answers given. */
async function cartCommand(cmd: Extract<Command, { kind: 'cart' }>, now: Date) {
  const user_id = `user-${cmd.user}`;
  const stream = cartStream(user_id);
  const { state, version } = await store.aggregate(stream, NO_CART, evolveCart);
  const at = now.toISOString();
  const totals = { subtotal_minor: cmd.total, total_minor: cmd.total + 500, currency: 'EUR', checkout_url: `https://store.example/checkout/${cmd.n}` };
  const cart_id = state.cart && cmd.op !== 'create' ? state.cart.cart_id : `gid://shopify/Cart/${cmd.n}-${now.getTime()}`;
  const line = {
    option_key: `shopify:${cmd.n}`,
    title: 'Jacket',
    option_label: 'M',
    quantity: 1,
    unit_price_minor: cmd.total,
    currency: 'EUR',
    image_url: null,
  };
  const events =
    cmd.op === 'create'
      ? decideCartCreated(user_id, { cart_id, merchant_id: 'shop', merchant_name: 'Shop', lines: [line], ...totals }, at)
      : cmd.op === 'expire'
        ? decideExpired(state, user_id, at)
        : decideCartShippingSet(
            state,
            user_id,
            cart_id,
            {
              email: 'ada@example.com',
              shipping_address: { name: 'Ada', line1: '1 Road', line2: null, city: 'Oslo', state: null, postal_code: '0150', country: 'NO', phone: null },
            },
            totals,
            at,
          );
  if (events.length) await store.append(stream, version, events);
}

/** A person's reservation records kept and removed through places' rules (services/places/use-cases.ts). */
async function reservationCommand(cmd: Extract<Command, { kind: 'reserve' }>, now: Date) {
  const user_id = `user-${cmd.user}`;
  const stream = reservationsStream(user_id);
  const { state, version } = await store.aggregate(stream, initialReservations, evolveReservations);
  const reservation_id = `00000000-0000-4000-8000-00000000000${cmd.n}`;
  const day = new Date(now.getTime() + 86_400_000 * 3).toISOString().slice(0, 10);
  const events =
    cmd.op === 'record'
      ? decideRecordReservation(state, {
          user_id,
          reservation_id,
          kind: 'restaurant',
          place: { place_id: `osm:node:${cmd.n}`, name: `Place ${cmd.n}`, address: 'Street 1', website: 'https://venue.example/', phone: null },
          handed_over_to: 'https://venue.example/book',
          details: { date: day, time: '19:30', party_size: 2, note: cmd.note },
          now,
        })
      : decideRemoveReservation(state, { user_id, reservation_id, now });
  if (events.length) await store.append(stream, version, events);
}

/** A person's finance watchlist changed through its rules (services/watchlist/use-cases.ts without the provider). */
async function watchlistCommand(cmd: Extract<Command, { kind: 'watch' }>, now: Date) {
  const user_id = `user-${cmd.user}`;
  const identifier = `T${cmd.ticker}`;
  const stream = watchlistStream(user_id);
  const { state, version } = await store.aggregate(stream, initialWatchlist, evolveWatchlist);
  const item = { identifier, category: 'stocks', title: identifier, description: `Ticker ${cmd.ticker}`, image_url: null, image_url_dark: null };
  const events =
    cmd.op === 'add'
      ? decideAdd(state, { user_id, list: 'finance', item, now })
      : cmd.op === 'remove'
        ? decideRemove(state, { user_id, list: 'finance', identifier, category: 'stocks', now })
        : decideReorder(state, { user_id, list: 'finance', identifier, order: cmd.order, now });
  if (events.length) await store.append(stream, version, events);
}

/** Student verification through its rules (services/students/use-cases.ts without the mail). */
async function studentCommand(cmd: Extract<Command, { kind: 'student' }>, now: Date) {
  const user_id = `user-${cmd.user}`;
  const stream = studentStream(user_id);
  const { state, version } = await store.aggregate(stream, initialStudent, evolveStudent);
  const events =
    cmd.op === 'send'
      ? decideSendCode(state, { user_id, email: `${user_id}@cs.mit.edu`, domains: new Set(['mit.edu']), code_hash: 'right', mail_id: `m-${version}`, now })
      : decideConfirmCode(state, { user_id, code_hash: cmd.right ? 'right' : 'wrong', now }).events;
  if (events.length) await store.append(stream, version, events);
}

/** The heart of services/market/checker.ts: one quote for one of the person's price alerts, its firing handed over or not. */
async function priceAlertCheck(cmd: Extract<Command, { kind: 'alert' }>, now: Date) {
  const taskId = `user-${cmd.user}-alert-${cmd.alert}`;
  const stream = priceAlertStream(taskId);
  const { state, version } = await store.aggregate(stream, initialPriceAlert, evolvePriceAlert);
  const terms = cmd.movement
    ? { alert_type: 'STOCK_PRICE_MOVEMENT' as const, symbol: 'AAPL', price: null, value_lower_bound: -5, value_upper_bound: 5 }
    : { alert_type: 'STOCK_PRICE_TARGET' as const, symbol: 'AAPL', price: 100, value_lower_bound: null, value_upper_bound: null };
  const quote = { symbol: 'AAPL', price: cmd.price, previous_close: 100, currency: 'USD', at: now };
  const events = decideCheck(state, { taskId, ownerId: `user-${cmd.user}`, terms, quote, now, version });
  if (!events.length) return;
  await store.append(stream, version, events);
  const [e] = events;
  if (e.type === 'PriceAlertFired' && cmd.handOver)
    await store.append(stream, version + 1, decideHandedOver(e.data, { taskId, ownerId: `user-${cmd.user}`, occurrenceKey: e.data.occurrence_key, now }));
}

// A browser's keys (an uncompressed P-256 point and a 16-byte secret); only their shape matters here.
const PUSH_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const PUSH_AUTH = Buffer.alloc(16, 9).toString('base64url');

/** A person's notification commands through their use cases; notification ids are shared, so one person may try another's. */
function notifyCommand(cmd: Extract<Command, { kind: 'notify' }>, now: Date) {
  const userId = `user-${cmd.user}`;
  const deps = { store, now: () => now };
  const endpoint = `https://push.example.com/${cmd.n}`;
  switch (cmd.op) {
    case 'prefs':
      return setPreferences(deps, actorOfFacts(factsFor(userId)), {
        should_send_email: !!(cmd.flag & 1),
        should_send_in_app: !!(cmd.flag & 2),
        should_send_push: !!(cmd.flag & 4),
      });
    case 'send':
      // Caused by another person (their deletion takes it away), or by no one.
      return notify(deps, {
        userId,
        notificationId: `n-${cmd.n}`,
        kind: 'access_request',
        title: `Title ${cmd.flag}`,
        body: 'Body',
        url: '/library',
        actorUserId: cmd.flag % 2 ? `user-${cmd.n}` : null,
      });
    case 'read':
      return markRead(deps, actorOfFacts(factsFor(userId)), `n-${cmd.n}`);
    case 'read-all':
      return markAllRead(deps, actorOfFacts(factsFor(userId)));
    case 'subscribe':
      return subscribe(deps, actorOfFacts(factsFor(userId)), { endpoint, p256dh: PUSH_KEY, auth: PUSH_AUTH });
    case 'unsubscribe':
      return unsubscribe(deps, actorOfFacts(factsFor(userId)), endpoint);
    case 'expire':
      return dropExpired(deps, userId, subscriptionIdFor(endpoint));
  }
}

/** A person's task commands through their decide functions (ids per person and number; a copy is number + 10). */
function taskCommand(cmd: Extract<Command, { kind: 'task' }>, now: Date) {
  const ownerId = `user-${cmd.user}`;
  const taskId = `${ownerId}-task-${cmd.task}`;
  const models = [{ id: 'offline-extractive', name: 'Offline' }];
  const base = {
    userId: ownerId,
    now,
    models,
    defaultModel: 'offline-extractive',
    counts: { tasks: 0, price_alerts: 0 },
    limits: { tasks: 9, price_alerts: 9 },
  };
  const kinds = ['DAILY', 'WEEKLY', 'ONCE', 'SHORTCUT', 'ALERT'] as const;
  const kind = kinds[cmd.content.length % kinds.length];
  const input =
    kind === 'SHORTCUT'
      ? { task_type: 'SHORTCUT', title: cmd.content, query: { prompt: cmd.content } }
      : kind === 'ALERT'
        ? {
            task_type: 'ALERT',
            query: { prompt: cmd.content },
            alert: { alertType: 'STOCK_PRICE_MOVEMENT', symbol: 'ACME', value_lower_bound: -2, value_upper_bound: 3 },
          }
        : { task_type: 'SCHEDULE', query: { prompt: cmd.content }, schedule: { kind, hour: 9, minute: 0, dayOfWeek: 1 }, tzid: 'Europe/Paris' };
  const occurrenceKey = `occ-${cmd.content.length % 3}`;
  if (cmd.op === 'copy') {
    const copyId = `${ownerId}-task-${cmd.task + 10}`;
    return readTask(store, taskId).then((original) =>
      changeTask(store, copyId, (s) => ({ events: s.task || s.deleted ? [] : decideCopy(original, { ...base, taskId: copyId, input }).events, result: null })),
    );
  }
  return changeTask(store, taskId, (s): { events: NewEvent[]; result: null } => {
    switch (cmd.op) {
      case 'create':
        return { events: decideCreate(s, { ...base, taskId, input }).events, result: null };
      case 'update':
        return { events: decideUpdate(s, { ...base, patch: { title: cmd.content } }).events, result: null };
      case 'pause':
        return { events: decidePause(s, base), result: null };
      case 'resume':
        return { events: decideResume(s, base), result: null };
      case 'delete':
        return { events: decideDelete(s, base), result: null };
      case 'run':
        return { events: decideStartRun(s, { occurrenceKey, now }).events, result: null };
      default:
        return {
          events: decideFinishRun(s, {
            occurrenceKey,
            now,
            outcome: cmd.content.length % 2 ? { ok: false, reason: cmd.content } : { ok: true, thread_slug: 'slug', context_uuid: 'ctx' },
          }),
          result: null,
        };
    }
  });
}

/** A person's try-on commands through their decide functions (image ids are per person and number). */
function tryOnCommand(cmd: Extract<Command, { kind: 'try-on' }>, now: Date) {
  const userId = `user-${cmd.user}`;
  const id = (n: number) => `${String(cmd.user).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const image = (n: number) => ({ imageId: id(n), objectKey: `try-on/${userId}/${id(n)}.png`, contentType: 'image/png' });
  return changeStream(store, { stream: tryOnStream(userId), initial: initialTryOn, evolve: evolveTryOn }, (s): TryOnEvent[] => {
    const avatar = s.images[id(cmd.image)]?.kind === 'avatar';
    switch (cmd.op) {
      case 'avatar':
        return s.images[id(cmd.image)] ? [] : decideAvatarGenerated(s, { userId, now, ...image(cmd.image), withSelfie: false });
      case 'save':
        return avatar ? decideAvatarSave(s, { userId, now, imageId: id(cmd.image) }) : [];
      case 'delete':
        return decideAvatarDelete(s, { userId, now });
      case 'try':
        return avatar && !s.images[id(cmd.image + 10)] ? decideTryOnGenerated(s, { userId, now, ...image(cmd.image + 10), avatarImageId: id(cmd.image) }) : [];
    }
  });
}

/** A person's memory commands through their decide functions (keys are per person and number). */
function memoryCommand(cmd: Extract<Command, { kind: 'memory' }>, now: Date) {
  const userId = `user-${cmd.user}`;
  const key = `${userId}-memory-${cmd.memory}`;
  return changeMemories(store, userId, (s): MemoryEvent[] => {
    switch (cmd.op) {
      case 'add':
        return Object.hasOwn(s.memories, key) ? [] : decideExtracted(s, { userId, now, fromEntryUuid: 'entry', statements: [{ key, content: cmd.content }] });
      case 'edit':
        return decideEdit(s, { userId, now, key, content: cmd.content });
      case 'forget':
        return decideForget(s, { userId, now, key });
      case 'toggle':
        return decideToggle(s, { userId, now, key, verdict: cmd.content.length % 2 ? 'helpful' : 'not_helpful', shouldForget: true, feedbackEntryUuid: null });
      case 'feedback':
        return decideFeedback(s, { userId, now, key, type: 'comment', comment: cmd.content, shouldForget: false, feedbackEntryUuid: 'entry' });
      case 'forget-all':
        return decideForgetAll(s, { userId, now });
      case 'switch':
        return decideSwitch(s, { userId, now, enabled: cmd.content.length % 2 === 0 });
    }
  });
}

/** The heart of services/rights/deletion.ts (discard the mail, redact the log, AccountErased), without Better Auth's tables. */
async function erase(userId: string, now: Date) {
  const own = await allTables(db).selectFrom('events').select('data').where('stream_id', '=', accountStream(userId)).execute();
  const { emails, names } = namesAndEmailsOf(own);
  await discardMailOf(store, { userId, emails, names }, now);
  await db.transaction().execute(async (trx) => {
    await eraseEvents(trx, redactors, { userId, emails, names, streams: new Set([accountStream(userId)]) });
    const account = await store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
    await store.append(accountStream(userId), account.version, decideErase(account.state, { userId, now }), trx);
  });
}

const UPSELLS = parseUpsellCatalogue(
  JSON.stringify([
    { name: 'gate', upsell_type: 'login', app_location: 'modal', title: 'Gate', impression_counter: 'share_gate' },
    { name: 'pro', upsell_type: 'pro_upgrade', app_location: 'sidebar', title: 'Pro' },
  ]),
);

/** The heart of services/upsells/use-cases.ts: a person's showing or click of an upsell. */
async function markUpsell(cmd: Extract<Command, { kind: 'upsell' }>, now: Date) {
  // As a visitor (a visitor id that an account may claim) or as a person.
  const subject =
    cmd.visitor === null
      ? { kind: 'user' as const, id: `user-${cmd.user}` }
      : { kind: 'visitor' as const, id: `00000000-0000-4000-8000-00000000000${cmd.visitor}` };
  const stream = upsellStream(subject);
  const { state, version } = await store.aggregate(stream, {} as UpsellMarks, evolveUpsellMarks);
  const mark = { subject: `${subject.kind}:${subject.id}`, upsell_name: cmd.upsell, upsell_instance_identifier: `${cmd.upsell}.x`, instanceMatches: true, now };
  const events = cmd.clicked ? decideInteracted(state, UPSELLS, mark) : decideImpression(state, UPSELLS, DEFAULT_IMPRESSION_LIMITS, mark);
  if (events.length) await store.append(stream, version, events);
}

/** The heart of services/shopping/catalogue/sync.ts, with the feed's items given instead of fetched. */
async function catalogueCommand(cmd: Extract<Command, { kind: 'catalogue' }>, now: Date) {
  // Odd merchants are Shopify stores: the merchant's kind is part of what a rebuild must give back.
  const merchant = { id: `m${cmd.merchant}`, name: `Merchant ${cmd.merchant}`, kind: cmd.merchant % 2 ? ('shopify' as const) : ('feed' as const) };
  const { state, version } = await store.aggregate(merchantStream(merchant.id), initialMerchant, evolveMerchant);
  if (cmd.op === 'remove') {
    if (state.syncs && !state.removed)
      await store.append(merchantStream(merchant.id), version, [{ type: 'MerchantRemoved', data: { merchant_id: merchant.id, at: now.toISOString() } }]);
    return;
  }
  const items = cmd.titles.map((title, i) => ({
    id: [`i${i}`],
    title: [title],
    link: ['https://shop.example/p'],
    price: [`${cmd.price + i}.00 EUR`],
    item_group_id: [`g${i % 2}`],
  }));
  const outcome =
    cmd.op === 'fail'
      ? { ok: false as const, reason: 'The feed lists no items.' }
      : { ok: true as const, feedHash: JSON.stringify(items), catalogue: productsOf(merchant.id, items, null) };
  const events = decideSync(state, merchant, outcome, now.toISOString(), `sync-${now.getTime()}`);
  await store.appendToStreams([
    { streamId: merchantProductsStream(merchant.id), expected: 'any', events: events.filter((e) => e.type === 'MerchantProductsRecorded') },
    { streamId: merchantStream(merchant.id), expected: version, events: events.filter((e) => e.type !== 'MerchantProductsRecorded') },
  ]);
}

async function run(cmd: Command, now: Date) {
  const transport = { via: cmd.kind === 'deliver' ? cmd.via : 'outbox', send: async () => {} } as const;
  switch (cmd.kind) {
    case 'register':
      return registerAccount(store, {
        userId: `user-${cmd.user}`,
        email: `user${cmd.user}@example.com`,
        name: cmd.name,
        visitorId: cmd.visitor === null ? null : `00000000-0000-4000-8000-00000000000${cmd.visitor}`,
        now,
      });
    case 'queue':
      return queueMail(
        store,
        {
          mail_id: `mail-${cmd.mail}`,
          user_id: cmd.user === null ? null : `user-${cmd.user}`,
          to: `to${cmd.mail}@example.com`,
          subject: cmd.subject,
          text: `Body ${cmd.subject}`,
        },
        now,
      );
    case 'deliver':
      return deliverMail(store, transport, `mail-${cmd.mail}`, () => now);
    case 'prefs': {
      const preferences = { theme: cmd.theme, answer_language: 'auto', default_search_mode: 'auto' as const, incognito_by_default: cmd.incognito };
      return changeSettings(store, `user-${cmd.user}`, (s) => decidePreferences(s, { userId: `user-${cmd.user}`, now, preferences }));
    }
    case 'personal':
      return changeSettings(store, `user-${cmd.user}`, (s) =>
        decidePersonalization(s, { userId: `user-${cmd.user}`, now, personalization: { about_me: cmd.about, answer_style: 'default' } }),
      );
    case 'site': {
      const who = { userId: `user-${cmd.user}`, now, domain: `site${cmd.site}.example.com` };
      return changeSettings(store, who.userId, (s): AccountSettingsEvent[] =>
        cmd.remove
          ? decideRemoveSiteInstruction(s, who)
          : Object.hasOwn(s.sites, who.domain)
            ? decideEditSiteInstruction(s, { ...who, instructions: cmd.instructions })
            : decideAddSiteInstruction(s, { ...who, instructions: cmd.instructions }),
      );
    }
    case 'verify':
      return recordEmailVerified(store, { userId: `user-${cmd.user}`, via: 'link', now });
    case 'two-factor':
      return recordTwoFactor(store, { userId: `user-${cmd.user}`, enabled: cmd.enabled, now });
    case 'upsell':
      return markUpsell(cmd, now);
    case 'memory':
      return memoryCommand(cmd, now);
    case 'try-on':
      return tryOnCommand(cmd, now);
    case 'alert':
      return priceAlertCheck(cmd, now);
    case 'notify':
      return notifyCommand(cmd, now);
    case 'task':
      return taskCommand(cmd, now);
    case 'watch':
      return watchlistCommand(cmd, now);
    case 'student':
      return studentCommand(cmd, now);
    case 'catalogue':
      return catalogueCommand(cmd, now);
    case 'reserve':
      return reservationCommand(cmd, now);
    case 'cart':
      return cartCommand(cmd, now);
    case 'erase':
      return erase(`user-${cmd.user}`, now);
  }
}

// Thirty random histories, each rebuilt twice: about 10 s on a quiet machine, longer on a loaded one.
test('rebuild equals inline projection', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(command, fc.integer({ min: 0, max: 10 ** 10 })), { minLength: 1, maxLength: 25 }), async (steps) => {
      await sql`truncate events, accounts, visitor_claims, mail_outbox, threads, thread_entries, account_settings, site_instructions, upsell_marks, memories, memory_switches, price_alert_states, watchlist_items, student_verifications, notification_preferences, notifications, push_subscriptions, tasks, try_on_images, try_on_avatars, shopping_products, shopping_options, shopping_merchant_syncs, shopping_entry_widgets, shopping_term_stats, shopping_catalogue_stats, shopping_stat_changes, shopping_carts, place_entry_places, place_reservations restart identity`.execute(
        db,
      );
      // An erased account signs in no more: nothing it does comes after its erasure.
      const erased = new Set<number>();
      for (const [cmd, ms] of steps) {
        const user = 'user' in cmd && typeof cmd.user === 'number' ? cmd.user : null;
        if (user !== null && erased.has(user)) continue;
        // A refused command (registering twice, delivering an unknown mail) changes nothing.
        await run(cmd, new Date(Date.UTC(2025, 0, 1) + ms)).catch((err) => {
          if (!(err instanceof DomainError)) throw err;
        });
        if (cmd.kind === 'erase') erased.add(cmd.user);
      }
      // The catalogue's statistics are folded after the commit (as syncMerchant does): a rebuild counts them at its end.
      await foldCatalogueStats(db);
      const inline = await snapshot();

      const result = await rebuildProjections(store, 4);
      const { n } = (await sql<{ n: string }>`select count(*) as n from events`.execute(db)).rows[0];
      expect(result.events).toBe(Number(n));
      expect([...result.tables].sort()).toEqual(Object.keys(READ_MODELS).sort());
      expect(await snapshot()).toEqual(inline);

      // Rebuilding again changes nothing either.
      await rebuildProjections(store);
      expect(await snapshot()).toEqual(inline);
    }),
    { numRuns: 30 },
  );
});

test('a rebuild restores read-model rows that were lost or damaged', async () => {
  await sql`truncate events, accounts, visitor_claims, mail_outbox, threads, thread_entries, account_settings, site_instructions, upsell_marks, memories, memory_switches, price_alert_states, watchlist_items, student_verifications, notification_preferences, notifications, push_subscriptions, tasks, try_on_images, try_on_avatars, shopping_products, shopping_options, shopping_merchant_syncs, shopping_entry_widgets, shopping_term_stats, shopping_catalogue_stats, shopping_stat_changes, shopping_carts, place_entry_places, place_reservations restart identity`.execute(
    db,
  );
  const now = new Date('2025-03-01T10:00:00Z');
  await registerAccount(store, { userId: 'ada', email: 'ada@example.com', name: 'Ada', visitorId: '11111111-1111-4111-8111-111111111111', now });
  await queueMail(store, { mail_id: 'm1', user_id: 'ada', to: 'ada@example.com', subject: 'Hi', text: 'Hello' }, now);
  await deliverMail(store, { via: 'outbox', send: async () => {} }, 'm1', () => now);
  const good = await snapshot();

  await allTables(db).deleteFrom('visitor_claims').execute();
  await allTables(db).updateTable('mail_outbox').set({ status: 'queued', delivered_at: null }).execute();
  await allTables(db)
    .insertInto('accounts')
    .values({ user_id: 'ghost', email: 'ghost@example.com', name: 'Ghost', subscription_status: 'active', visitor_id: null, registered_at: now })
    .execute();
  expect(await snapshot()).not.toEqual(good);

  expect(await rebuildProjections(store)).toMatchObject({ events: 4 });
  expect(await snapshot()).toEqual(good);
});
