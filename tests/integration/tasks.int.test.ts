// Scheduled tasks, price alerts and shortcuts on the real server and PostgreSQL (seed 003 §3-§5,
// issue 18): the calls and their rules (stable codes for bad input, the plan's limits), every
// call the owner's alone (owner, stranger, visitor rows), and runs: a scheduled task runs when
// its time comes (the scheduler's test clock), once, adding its answer to the task's thread; a
// paused one does not; a shortcut runs on demand.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startMarketDataFake } from '../fakes/market-data.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let dir: string;
let clockFile: string;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;

beforeAll(async () => {
  database = await createTestDatabase('tasks');
  dir = mkdtempSync(join(tmpdir(), 'tasks-it-'));
  clockFile = join(dir, 'clock');
  // Price alerts need a market-data provider: the Finnhub fake, which knows these symbols.
  market = await startMarketDataFake();
  for (const symbol of ['AAPL', 'MSFT', 'IBM']) market.setQuote(symbol, 100, 99);
  const marketEnv = { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_URL: market.url, MARKET_DATA_API_KEY: market.apiKey };
  server = await startServerProcess({ databaseUrl: database.url, env: { TASKS_TEST_CLOCK_FILE: clockFile, TASKS_TICK_MS: '100', ...marketEnv } });
});
afterAll(async () => {
  await server?.stop();
  await market?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

type Task = {
  task_id: string;
  status: string;
  title: string;
  next_run_at: string | null;
  last_run: { status: string; reason: string | null; thread_url_slug: string | null } | null;
  thread_url_slug: string | null;
  expiryDate: string | null;
  schedule: { kind: string; rrule: string; tzid: string } | null;
  alert: { event_entity: string; symbol: string } | null;
  notificationSettings: { should_send_email: boolean; should_send_in_app: boolean; should_send_push: boolean };
};
const daily = { task_type: 'SCHEDULE', query: { prompt: 'What is new in PostgreSQL?' }, schedule: { kind: 'DAILY', hour: 9, minute: 0 }, tzid: 'Europe/Paris' };
const patch = (b: Browser, path: string, json: unknown) => b.send('PATCH', path, { json });
const del = (b: Browser, path: string) => b.send('DELETE', path);
const create = async (b: Browser, body: unknown) => {
  const r = await b.post('/rest/tasks', body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.task as Task;
};

async function eventsOf(type: string, taskId: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query('select data from events where type = $1 and stream_id = $2', [type, `task-${taskId}`])).rows.map((r) => r.data);
  } finally {
    await client.end();
  }
}

describe('the calls', () => {
  test('create, read, change, pause, resume, copy and delete, with the action words', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const r = await ada.post('/rest/tasks', daily);
    expect(r.json).toMatchObject({ action: 'created', message: 'Scheduled task created', task: { status: 'ACTIVE', query: { sources: ['web'] } } });
    const task = r.json.task as Task;
    expect(task.schedule).toMatchObject({ kind: 'DAILY', rrule: 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0;BYSECOND=0', tzid: 'Europe/Paris' });
    expect(new Date(task.next_run_at!).getTime()).toBeGreaterThan(Date.now());
    expect((await ada.get(`/rest/tasks/${task.task_id}`)).json.title).toBe('What is new in PostgreSQL?');
    expect((await patch(ada, `/rest/tasks/${task.task_id}`, { title: 'Postgres news' })).json).toMatchObject({
      action: 'updated',
      task: { title: 'Postgres news' },
    });
    expect((await ada.post(`/rest/tasks/${task.task_id}/pause`, {})).json).toMatchObject({
      action: 'paused',
      message: 'Scheduled task paused',
      task: { status: 'PAUSED' },
    });
    expect((await ada.post(`/rest/tasks/${task.task_id}/resume`, {})).json).toMatchObject({ action: 'resumed', task: { status: 'ACTIVE' } });
    const copy = await ada.post(`/rest/tasks/${task.task_id}/copy`, {});
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({ action: 'copied', task: { title: 'Postgres news', copied_from: task.task_id } });
    const shortcut = await create(ada, { task_type: 'SHORTCUT', title: 'Weather', query: { prompt: 'Weather in Paris?' } });
    expect(shortcut.next_run_at).toBeNull();
    expect((await ada.get('/rest/tasks?task_type=SHORTCUT')).json.tasks.map((t: Task) => t.title)).toEqual(['Weather']);
    expect((await del(ada, `/rest/tasks/${copy.json.task.task_id}`)).json).toMatchObject({ action: 'deleted', message: 'Scheduled task deleted' });
    expect((await ada.get('/rest/tasks')).json.tasks).toHaveLength(2);
  });

  test("a task's notificationSettings: any left out is on, a patch changes only those it names", async () => {
    const di = await signedUp(server.url, 'Di');
    const task = await create(di, { ...daily, notificationSettings: { should_send_email: false } });
    expect(task.notificationSettings).toEqual({ should_send_email: false, should_send_in_app: true, should_send_push: true });
    const changed = await patch(di, `/rest/tasks/${task.task_id}`, { notificationSettings: { should_send_push: false } });
    expect(changed.status, changed.text).toBe(200);
    expect((await di.get(`/rest/tasks/${task.task_id}`)).json.notificationSettings).toEqual({
      should_send_email: false,
      should_send_in_app: true,
      should_send_push: false,
    });
    const bad = await patch(di, `/rest/tasks/${task.task_id}`, { notificationSettings: { should_send_fax: true } });
    expect(bad.status).toBe(400);
  });

  test('price alert records, and bad input answers 4xx with stable codes', async () => {
    const bo = await signedUp(server.url, 'Bo');
    const target = await create(bo, { task_type: 'ALERT', query: { prompt: 'Why?' }, alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'aapl', price: 250 } });
    expect((await bo.get(`/rest/tasks/${target.task_id}`)).json.alert).toEqual({
      alertType: 'STOCK_PRICE_TARGET',
      event_entity: 'AAPL',
      symbol: 'AAPL',
      price: 250,
      currency: 'usd',
      value_lower_bound: null,
      value_upper_bound: null,
    });
    const bad = async (body: unknown) => {
      const res = await bo.post('/rest/tasks', body);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      return res.json.code;
    };
    expect(await bad({ ...daily, schedule: { kind: 'HOURLY' } })).toBe('unknown_schedule_kind');
    expect(await bad({ ...daily, schedule: { kind: 'ONCE', year: 2031, month: 2, day: 31, hour: 9, minute: 0 } })).toBe('impossible_date');
    expect(await bad({ ...daily, tzid: 'Nowhere/Else' })).toBe('invalid_time_zone');
    expect(await bad({ ...daily, query: { prompt: 'x'.repeat(2001) } })).toBe('query_too_long');
    expect(
      await bad({
        task_type: 'ALERT',
        query: { prompt: 'x' },
        alert: { alertType: 'STOCK_PRICE_MOVEMENT', symbol: 'MSFT', value_lower_bound: 3, value_upper_bound: -3 },
      }),
    ).toBe('alert_bounds_reversed');
    // The seed's event_entity names the stock; symbol is its alias, and the two may not disagree.
    const moved = await create(bo, {
      task_type: 'ALERT',
      query: { prompt: 'Why?' },
      alert: { alertType: 'STOCK_PRICE_MOVEMENT', event_entity: 'msft', value_lower_bound: -3, value_upper_bound: 3 },
    });
    expect([moved.alert?.event_entity, moved.alert?.symbol]).toEqual(['MSFT', 'MSFT']);
    const conflict = { alertType: 'STOCK_PRICE_TARGET', event_entity: 'AAPL', symbol: 'MSFT', price: 1 };
    expect(await bad({ task_type: 'ALERT', query: { prompt: 'x' }, alert: conflict })).toBe('alert_symbol_conflict');
    // The provider is asked about the symbol: one it does not know is refused, one that cannot be a symbol too.
    const unknown = await bo.post('/rest/tasks', {
      task_type: 'ALERT',
      query: { prompt: 'x' },
      alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'ZZZZ', price: 1 },
    });
    expect([unknown.status, unknown.json.code]).toEqual([422, 'unknown_symbol']);
    expect(await bad({ task_type: 'ALERT', query: { prompt: 'x' }, alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'no such!', price: 1 } })).toBe(
      'invalid_symbol',
    );
  });

  test('a free plan keeps 5 tasks and 2 price alerts', async () => {
    const cy = await signedUp(server.url, 'Cy');
    for (let i = 0; i < 5; i++) await create(cy, { task_type: 'SHORTCUT', title: `S${i}`, query: { prompt: `Question ${i}` } });
    const over = await cy.post('/rest/tasks', { task_type: 'SHORTCUT', title: 'S5', query: { prompt: 'One more' } });
    expect([over.status, over.json.code]).toEqual([403, 'task_limit_reached']);
    const alert = { task_type: 'ALERT', query: { prompt: 'x' }, alert: { alertType: 'STOCK_PRICE_TARGET', symbol: 'IBM', price: 1 } };
    await create(cy, alert);
    await create(cy, alert);
    expect((await cy.post('/rest/tasks', alert)).json.code).toBe('price_alert_limit_reached');
  });

  test('every call is the owner’s: a stranger gets 404 task_not_found, a visitor 401', async () => {
    const owner = await signedUp(server.url, 'Owner');
    const stranger = await signedUp(server.url, 'Stranger');
    const anonymous = await visitor(server.url);
    const task = await create(owner, daily);
    const id = task.task_id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/rest/tasks/${id}`],
      ['PATCH', `/rest/tasks/${id}`, { title: 'Mine now' }],
      ['DELETE', `/rest/tasks/${id}`],
      ['POST', `/rest/tasks/${id}/pause`, {}],
      ['POST', `/rest/tasks/${id}/resume`, {}],
      ['POST', `/rest/tasks/${id}/copy`, {}],
      ['POST', `/rest/tasks/${id}/run`, {}],
    ];
    for (const [method, path, json] of calls) {
      const s = await stranger.send(method, path, { json });
      expect([method, path, s.status, s.json.code]).toEqual([method, path, 404, 'task_not_found']);
      const a = await anonymous.send(method, path, { json });
      expect([method, path, a.status]).toEqual([method, path, 401]);
    }
    expect((await anonymous.get('/rest/tasks')).status).toBe(401);
    expect((await anonymous.send('POST', '/rest/tasks', { json: daily })).status).toBe(401);
    expect((await stranger.get('/rest/tasks')).json.tasks).toEqual([]);
    expect((await owner.get(`/rest/tasks/${id}`)).json.title).toBe(task.title);
  });
});

describe('runs', () => {
  test('a scheduled task runs once when its time comes and its answer is added to its thread; a paused one is skipped', async () => {
    const dee = await signedUp(server.url, 'Dee');
    const task = await create(dee, { ...daily, query: { prompt: 'How do I bake sourdough bread?' } });
    const paused = await create(dee, { ...daily, query: { prompt: 'What is a holding pattern?' } });
    await dee.post(`/rest/tasks/${paused.task_id}/pause`, {});
    writeFileSync(clockFile, new Date(Date.parse(task.next_run_at!) + 1000).toISOString());
    const ran = await vi.waitFor(
      async () => {
        const t = (await dee.get(`/rest/tasks/${task.task_id}`)).json as Task;
        expect(t.last_run?.status).toBe('succeeded');
        return t;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(Date.parse(ran.next_run_at!)).toBe(Date.parse(task.next_run_at!) + 86_400_000);
    const thread = (await dee.get(`/rest/thread/${ran.thread_url_slug}`)).json;
    expect(JSON.stringify(thread)).toContain('How do I bake sourdough bread?');
    expect(await eventsOf('TaskRunStarted', task.task_id)).toHaveLength(1);
    const [succeeded] = await eventsOf('TaskRunSucceeded', task.task_id);
    expect(succeeded).toMatchObject({ task_id: task.task_id, title: 'How do I bake sourdough bread?', thread_slug: ran.thread_url_slug });
    expect(await eventsOf('TaskRunStarted', paused.task_id)).toEqual([]);
    expect((await dee.get(`/rest/tasks/${paused.task_id}`)).json.last_run).toBeNull();
  });

  test('a shortcut runs on demand, each time adding to its one thread', async () => {
    const eve = await signedUp(server.url, 'Eve');
    const shortcut = await create(eve, { task_type: 'SHORTCUT', title: 'Bread', query: { prompt: 'Why does sourdough bread not rise?' } });
    const run = await eve.post(`/rest/tasks/${shortcut.task_id}/run`, {});
    expect([run.status, run.json.action, run.json.message]).toEqual([202, 'started', 'Shortcut run started']);
    const first = await vi.waitFor(
      async () => {
        const t = (await eve.get(`/rest/tasks/${shortcut.task_id}`)).json as Task;
        expect(t.last_run?.status).toBe('succeeded');
        return t;
      },
      { timeout: 30_000, interval: 200 },
    );
    await eve.post(`/rest/tasks/${shortcut.task_id}/run`, {});
    await vi.waitFor(async () => expect(await eventsOf('TaskRunSucceeded', shortcut.task_id)).toHaveLength(2), { timeout: 30_000, interval: 200 });
    const thread = (await eve.get(`/rest/thread/${first.thread_url_slug}`)).json;
    expect(JSON.stringify(thread).split('Why does sourdough bread not rise?').length - 1).toBeGreaterThanOrEqual(2);
  });
});
