// The price-alert check on real PostgreSQL against the fake of Finnhub's quote API: a crossing
// fires once, over a sequence of quotes and across restarts; two checks at once fire once; a
// failing provider skips its symbols until the next check; a bound re-arms when the move is back
// within; a firing whose hand-over failed is handed over again, with the same occurrence key.
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { startMarketDataFake } from '../../tests/fakes/market-data.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { type ActivePriceAlert, checkPriceAlerts, type PriceAlertCheckDeps } from './checker.js';
import { priceAlertStream } from './events.js';
import { exclusively } from './exclusive.js';
import { priceAlertsExport } from './export.js';
import { finnhubMarketData } from './finnhub.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let fake: Awaited<ReturnType<typeof startMarketDataFake>>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(10));
  fake = await startMarketDataFake();
});
afterAll(async () => {
  await fake?.close();
  await close?.();
});

type Firing = { taskId: string; occurrenceKey: string; reason: string };
let fired: Firing[];
let logs: { level: string; obj: object; msg: string }[];
let alerts: ActivePriceAlert[];
let clock: Date;
beforeEach(() => {
  fired = [];
  logs = [];
  alerts = [];
  clock = new Date('2026-11-26T15:00:00Z');
});

let n = 0;
/** A fresh alert (its own task id, so tests share no state). */
function alert(a: Partial<ActivePriceAlert> & Pick<ActivePriceAlert, 'symbol' | 'alert_type'>): ActivePriceAlert {
  const made = { task_id: `task-${++n}`, owner_id: 'ada', price: null, value_lower_bound: null, value_upper_bound: null, ...a };
  alerts.push(made);
  return made;
}

/** A check as one app instance runs it: its own event store over the one database (a restart is just another one). */
const deps = (over: Partial<PriceAlertCheckDeps> = {}): PriceAlertCheckDeps => ({
  db,
  store: new EventStore(db, projections),
  market: finnhubMarketData({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 2_000 }),
  activeAlerts: async () => alerts,
  fire: async (f) => {
    fired.push(f);
  },
  now: () => clock,
  logger: {
    warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
  },
  ...over,
});
const check = (over: Partial<PriceAlertCheckDeps> = {}) => checkPriceAlerts(deps(over));

test('a target fires once per crossing over a sequence of quotes, with a reason explaining the move, and not again after a restart', async () => {
  const a = alert({ symbol: 'AAPL', alert_type: 'STOCK_PRICE_TARGET', price: 200 });
  const firingsAfter = async (price: number) => {
    fake.setQuote('AAPL', price, 197.16);
    await check();
    return fired.length;
  };
  expect([await firingsAfter(190), await firingsAfter(195), await firingsAfter(201.3), await firingsAfter(205), await firingsAfter(204)]).toEqual([
    0, 0, 1, 1, 1,
  ]);
  expect(fired[0]).toEqual({
    taskId: a.task_id,
    occurrenceKey: 'price-2',
    reason: 'AAPL rose to 201.30 USD, crossing your target of 200.00 USD (+2.1% today).',
  });
  // Back below: the crossing the other way fires, once.
  expect([await firingsAfter(199), await firingsAfter(198)]).toEqual([2, 2]);
  expect(fired[1].reason).toBe('AAPL fell to 199.00 USD, crossing your target of 200.00 USD (+0.9% today).');
  // What a restarted instance reads is what was recorded: the same quote fires nothing.
  await check({ store: new EventStore(db, projections) });
  expect(fired).toHaveLength(2);
  const types = (
    await allTables(db).selectFrom('events').select('type').where('stream_id', '=', priceAlertStream(a.task_id)).orderBy('stream_version').execute()
  ).map((r) => r.type);
  expect(types).toEqual(['PriceAlertArmed', 'PriceAlertFired', 'PriceAlertHandedOver', 'PriceAlertFired', 'PriceAlertHandedOver']);
  const row = await allTables(db).selectFrom('price_alert_states').selectAll().where('task_id', '=', a.task_id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ fired_count: 2, last_price: 199, pending_occurrence_key: null, version: 5, symbol: 'AAPL' });
});

test('each symbol is asked for once per check, however many alerts watch it', async () => {
  alert({ symbol: 'NVDA', alert_type: 'STOCK_PRICE_TARGET', price: 100 });
  alert({ symbol: 'nvda', alert_type: 'STOCK_PRICE_MOVEMENT', value_lower_bound: -5, value_upper_bound: 5 });
  alert({ symbol: 'AMD', alert_type: 'STOCK_PRICE_TARGET', price: 100 });
  fake.setQuote('NVDA', 90, 90);
  fake.setQuote('AMD', 90, 90);
  const before = fake.asked.length;
  expect(await check()).toMatchObject({ alerts: 3, symbols: 2, failedSymbols: [] });
  expect(fake.asked.slice(before).sort()).toEqual(['AMD', 'NVDA']);
});

test('two checks at once (two app instances) fire a crossing once', async () => {
  const watched = Array.from({ length: 6 }, (_, i) => alert({ symbol: `RACE${i}`, alert_type: 'STOCK_PRICE_TARGET', price: 50 }));
  for (const a of watched) fake.setQuote(a.symbol, 40, 40);
  await check();
  for (let round = 0; round < 3; round++) {
    for (const a of watched) fake.setQuote(a.symbol, round % 2 ? 40 : 60, 40);
    const results = await Promise.all([check(), check(), check()]);
    expect(results.reduce((sum, r) => sum + r.fired, 0)).toBe(watched.length);
  }
  expect(fired).toHaveLength(3 * watched.length);
  expect(new Set(fired.map((f) => `${f.taskId}/${f.occurrenceKey}`)).size).toBe(fired.length);
});

test('a failing provider is logged without its key and skipped; the next check sees the crossing since the last quote', async () => {
  const a = alert({ symbol: 'MSFT', alert_type: 'STOCK_PRICE_TARGET', price: 400 });
  const b = alert({ symbol: 'IBM', alert_type: 'STOCK_PRICE_TARGET', price: 300 });
  fake.setQuote('MSFT', 390, 390);
  fake.setQuote('IBM', 290, 290);
  await check();
  fake.setQuote('MSFT', 410, 390);
  fake.setQuote('IBM', 310, 290);
  for (const failure of ['error', 'timeout', 'unauthorized'] as const) {
    fake.fail('MSFT', failure);
    const result = await check({ market: finnhubMarketData({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 300 }) });
    expect(result.failedSymbols).toEqual(['MSFT']);
  }
  expect(fired.map((f) => f.taskId)).toEqual([b.task_id]);
  expect(logs.filter((l) => l.msg.includes('quote failed')).map((l) => (l.obj as { failure: string }).failure)).toEqual([
    'unavailable',
    'timeout',
    'unauthorized',
  ]);
  expect(JSON.stringify(logs)).not.toContain(fake.apiKey);
  fake.fail('MSFT', null);
  await check();
  expect(fired.map((f) => f.taskId)).toEqual([b.task_id, a.task_id]);
});

test('a movement bound fires once, re-arms when the move is back within it, and fires again', async () => {
  alert({ symbol: 'TSLA', alert_type: 'STOCK_PRICE_MOVEMENT', value_lower_bound: -5, value_upper_bound: 5 });
  const firingsAfter = async (price: number, previousClose = 200) => {
    fake.setQuote('TSLA', price, previousClose);
    await check();
    return fired.length;
  };
  expect([await firingsAfter(202), await firingsAfter(212), await firingsAfter(215), await firingsAfter(204), await firingsAfter(211)]).toEqual([
    0, 1, 1, 1, 2,
  ]);
  expect([await firingsAfter(188), await firingsAfter(187), await firingsAfter(187, 187), await firingsAfter(170, 187)]).toEqual([3, 3, 3, 4]);
  expect(fired.map((f) => f.reason)).toEqual([
    'TSLA rose 6.0% today to 212.00 USD (previous close 200.00 USD), past your +5% alert.',
    'TSLA rose 5.5% today to 211.00 USD (previous close 200.00 USD), past your +5% alert.',
    'TSLA fell 6.0% today to 188.00 USD (previous close 200.00 USD), past your -5% alert.',
    'TSLA fell 9.1% today to 170.00 USD (previous close 187.00 USD), past your -5% alert.',
  ]);
});

test('a firing whose hand-over failed waits for its firer, then is handed over again with the same key, once', async () => {
  const a = alert({ symbol: 'ORCL', alert_type: 'STOCK_PRICE_TARGET', price: 150 });
  fake.setQuote('ORCL', 140, 140);
  await check();
  fake.setQuote('ORCL', 155, 140);
  await check({
    fire: async () => {
      throw new Error('the run could not be started');
    },
  });
  expect(logs.filter((l) => l.level === 'error')).toHaveLength(1);
  // Within the grace, another check leaves it to its firer.
  clock = new Date(clock.getTime() + 60_000);
  expect(await check()).toMatchObject({ fired: 0, retried: 0 });
  expect(fired).toEqual([]);
  clock = new Date(clock.getTime() + 5 * 60_000);
  expect(await check()).toMatchObject({ retried: 1 });
  expect(fired).toEqual([
    { taskId: a.task_id, occurrenceKey: 'price-2', reason: 'ORCL rose to 155.00 USD, crossing your target of 150.00 USD (+10.7% today).' },
  ]);
  await check();
  expect(fired).toHaveLength(1);
});

test('changed terms start a fresh watch: the new target is armed by the next quote, not fired by it', async () => {
  const a = alert({ symbol: 'META', alert_type: 'STOCK_PRICE_TARGET', price: 500 });
  fake.setQuote('META', 490, 490);
  await check();
  a.price = 480;
  await check();
  expect(fired).toEqual([]);
  fake.setQuote('META', 470, 490);
  await check();
  expect(fired.map((f) => f.reason)).toEqual(['META fell to 470.00 USD, crossing your target of 480.00 USD (-4.1% today).']);
});

test('of two instances checking at the same moment, one checks and the other skips its turn', async () => {
  let inside = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const first = exclusively(db, async () => {
    inside++;
    await held;
    return 'checked';
  });
  await vi.waitFor(() => expect(inside).toBe(1));
  expect(await exclusively(db, async () => 'also checked')).toBeNull();
  release();
  expect(await first).toBe('checked');
  // Free again once the first is done.
  expect(await exclusively(db, async () => 'next turn')).toBe('next turn');
});

test('a check whose append comes after another instance fired the same crossing loses the race and fires nothing', async () => {
  const a = alert({ symbol: 'ADBE', alert_type: 'STOCK_PRICE_TARGET', price: 500 });
  fake.setQuote('ADBE', 490, 490);
  await check();
  fake.setQuote('ADBE', 510, 490);
  // Instance B has read the alert's state; before its append lands, instance A checks and fires.
  const store = new EventStore(db, projections);
  let raced = false;
  const slowStore = Object.assign(Object.create(store) as EventStore, {
    append: async (...args: Parameters<EventStore['append']>) => {
      if (!raced) {
        raced = true;
        expect(await check()).toMatchObject({ fired: 1 });
      }
      return store.append(...args);
    },
  });
  expect(await check({ store: slowStore })).toMatchObject({ fired: 0, lostRaces: 1 });
  expect(fired.map((f) => [f.taskId, f.occurrenceKey])).toEqual([[a.task_id, 'price-2']]);
});

test('the person’s data export holds what each of their alerts last saw and why it last fired; nobody else’s', async () => {
  const mine = alert({ symbol: 'INTC', alert_type: 'STOCK_PRICE_TARGET', price: 30, owner_id: 'exporter' });
  alert({ symbol: 'INTC', alert_type: 'STOCK_PRICE_TARGET', price: 30, owner_id: 'someone-else' });
  fake.setQuote('INTC', 29, 29);
  await check();
  fake.setQuote('INTC', 31, 29);
  await check();
  const { price_alerts } = await priceAlertsExport(db, 'exporter');
  expect(price_alerts).toEqual([
    expect.objectContaining({
      task_id: mine.task_id,
      symbol: 'INTC',
      last_price: 31,
      fired_count: 1,
      last_reason: 'INTC rose to 31.00 USD, crossing your target of 30.00 USD (+6.9% today).',
    }),
  ]);
});
