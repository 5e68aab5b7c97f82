// The browser bridge: each message checked, the seed's defaults (history over 14 days and 20
// results, open tabs up to 500, tab content cut at 50,000 characters) and the agent's hand-over.
import { beforeEach, expect, test } from 'vitest';
import { type BridgeOps, handleBridge } from './bridge';

const NOW = 1_800_000_000_000;
let calls: unknown[][];
let ops: BridgeOps;
const ORIGIN = 'https://answers.example.org';
const TASK = '4d6f2a9e-1b7c-4c1e-9f0a-2b3c4d5e6f70';

beforeEach(() => {
  calls = [];
  const record =
    (name: string, value?: unknown) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return value as never;
    };
  ops = {
    version: '1.2.3',
    now: () => NOW,
    connect: (...args) => void calls.push(['connect', ...args]),
    startTask: record('startTask', 'task-1'),
    signedOut: record('signedOut'),
    cleanupTask: async (uuid) => {
      calls.push(['cleanupTask', uuid]);
      return uuid === TASK;
    },
    taskTabs: (uuid) => (uuid === TASK ? [5, 6] : null),
    makeVisible: record('makeVisible'),
    createTab: record('createTab', { id: 3, url: 'https://a.example/', title: 'A' }),
    getTab: record('getTab', { id: 3, url: 'https://a.example/', title: 'A', lastAccessed: 12.4 }),
    queryTabs: async () => Array.from({ length: 600 }, (_, i) => ({ id: i, url: `https://site${i}.example/`, title: i % 2 ? 'Flights' : 'Hotels' })),
    closeTabs: record('closeTabs'),
    searchHistory: record('searchHistory', [{ url: 'https://a.example/', title: 'A' }]),
    tabText: async (_id, max) => 'x'.repeat(max + 10).slice(0, max),
    screenshot: record('screenshot', { media_type: 'image/jpeg', data: 'abc', width: 1, height: 1 }),
    notify: record('notify'),
    setProgress: record('setProgress'),
    topSites: async () => Array.from({ length: 30 }, (_, i) => ({ url: `https://top${i}.example/`, title: `Top ${i}` })),
  };
});

test('an unknown or malformed message is refused with why', async () => {
  expect(await handleBridge({ type: 'FORMAT_DISK' }, ORIGIN, ops)).toEqual({ error: 'Unknown message: FORMAT_DISK' });
  expect(await handleBridge(null, ORIGIN, ops)).toEqual({ error: 'Unknown message: undefined' });
  expect((await handleBridge({ type: 'TABS_GET', tab_id: 'one' }, ORIGIN, ops)).error).toMatch(/^Invalid TABS_GET: tab_id /);
  expect((await handleBridge({ type: 'START_TASK', token: 't', task: '   ' }, ORIGIN, ops)).error).toMatch(/^Invalid START_TASK: task /);
});

test('the web app finds the extension, hands it a token, and starts a task at an address', async () => {
  expect(await handleBridge({ type: 'PING' }, ORIGIN, ops)).toEqual({ ok: true, version: '1.2.3' });
  expect(await handleBridge({ type: 'CONNECT', token: 'tok' }, ORIGIN, ops)).toEqual({ ok: true });
  expect(await handleBridge({ type: 'START_TASK', token: 'tok', task: 'Book a room', start_url: 'hotel.example' }, ORIGIN, ops)).toEqual({
    task_uuid: 'task-1',
  });
  expect(calls).toEqual([
    ['connect', ORIGIN, 'tok'],
    ['startTask', ORIGIN, 'tok', 'Book a room', 'https://hotel.example'],
  ]);
});

test('history search looks back 14 days for 20 results unless told', async () => {
  await handleBridge({ type: 'HISTORY_SEARCH', text: 'flights' }, ORIGIN, ops);
  await handleBridge({ type: 'HISTORY_SEARCH', text: 'flights', days: 2, max_results: 5 }, ORIGIN, ops);
  expect(calls).toEqual([
    ['searchHistory', { text: 'flights', startTime: NOW - 14 * 86_400_000, maxResults: 20 }],
    ['searchHistory', { text: 'flights', startTime: NOW - 2 * 86_400_000, maxResults: 5 }],
  ]);
});

test('open-tab search answers at most 500 tabs; tab content is cut at 50,000 characters', async () => {
  expect(((await handleBridge({ type: 'OPEN_TABS_SEARCH', query: '' }, ORIGIN, ops)).tabs as unknown[]).length).toBe(500);
  const flights = (await handleBridge({ type: 'OPEN_TABS_SEARCH', query: 'flights site1' }, ORIGIN, ops)).tabs as { title: string }[];
  expect(flights.length).toBeGreaterThan(0);
  expect(flights.every((t) => t.title === 'Flights')).toBe(true);
  expect(((await handleBridge({ type: 'TAB_CONTENT', tab_id: 3 }, ORIGIN, ops)).text as string).length).toBe(50_000);
});

test('tabs create, get, query and close; screenshots; the seed’s extension messages', async () => {
  expect(await handleBridge({ type: 'TABS_GET', tab_id: 3 }, ORIGIN, ops)).toEqual({
    tab: { id: 3, url: 'https://a.example/', title: 'A', last_accessed: 12 },
  });
  await handleBridge({ type: 'TABS_CREATE', url: 'a.example' }, ORIGIN, ops);
  expect(((await handleBridge({ type: 'TABS_QUERY', title: 'hotels' }, ORIGIN, ops)).tabs as unknown[]).length).toBe(300);
  await handleBridge({ type: 'TABS_CLOSE', tab_ids: [3, 4] }, ORIGIN, ops);
  await handleBridge({ type: 'SCREENSHOT', tab_id: 3 }, ORIGIN, ops);
  await handleBridge({ type: 'NAV_SEARCH', query: 'cheap flights' }, ORIGIN, ops);
  await handleBridge({ type: 'SHOW_NOTIFICATION', title: 'Done', message: 'Your task finished' }, ORIGIN, ops);
  await handleBridge({ type: 'SET_TAB_PROGRESS', tab_id: 3, progress: 40 }, ORIGIN, ops);
  expect(((await handleBridge({ type: 'GET_TOP_MOST_VISITED_URLS' }, ORIGIN, ops)).urls as unknown[]).length).toBe(10);
  await handleBridge({ type: 'USER_STATE_CHANGED', signed_in: false }, ORIGIN, ops);
  expect(calls).toEqual([
    ['getTab', 3],
    ['createTab', 'https://a.example', true],
    ['closeTabs', [3, 4]],
    ['screenshot', 3],
    ['createTab', `${ORIGIN}/search?q=cheap%20flights`, true],
    ['notify', 'Done', 'Your task finished'],
    ['setProgress', 3, 40],
    ['signedOut'],
  ]);
});

test('the web app cleans up a task, asks for its tabs and shows one', async () => {
  expect(await handleBridge({ type: 'CLEANUP', task_uuid: TASK }, ORIGIN, ops)).toEqual({ ok: true });
  expect(await handleBridge({ type: 'CLEANUP', task_uuid: '00000000-0000-4000-8000-000000000000' }, ORIGIN, ops)).toEqual({ ok: false });
  expect(await handleBridge({ type: 'TASK_TABS', task_uuid: TASK }, ORIGIN, ops)).toEqual({ tab_ids: [5, 6] });
  expect(await handleBridge({ type: 'TASK_TABS', task_uuid: '00000000-0000-4000-8000-000000000000' }, ORIGIN, ops)).toEqual({ error: 'Unknown task' });
  expect(await handleBridge({ type: 'MAKE_VISIBLE', tab_id: 5 }, ORIGIN, ops)).toEqual({ ok: true });
  expect(calls).toEqual([
    ['cleanupTask', TASK],
    ['cleanupTask', '00000000-0000-4000-8000-000000000000'],
    ['makeVisible', 5],
  ]);
});

test('quick actions for the active tab or a named one; personal suggestions from the last 14 days of history', async () => {
  ops.queryTabs = async (q) => {
    calls.push(['queryTabs', q]);
    return [{ id: 7, url: 'https://flights.example.com/', title: 'Flights' }];
  };
  const active = await handleBridge({ type: 'GET_QUICK_ACTIONS' }, ORIGIN, ops);
  expect(active.tab).toEqual({ id: 7, url: 'https://flights.example.com/', title: 'Flights' });
  expect((active.actions as { id: string; start_url: string }[]).map((a) => [a.id, a.start_url])).toEqual([
    ['summarize', 'https://flights.example.com/'],
    ['key_points', 'https://flights.example.com/'],
    ['explain', 'https://flights.example.com/'],
  ]);
  expect(calls).toContainEqual(['queryTabs', { active: true, currentWindow: true }]);
  const named = await handleBridge({ type: 'GET_QUICK_ACTIONS', tab_id: 3 }, ORIGIN, ops);
  expect((named.tab as { id: number }).id).toBe(3);
  ops.queryTabs = async () => [];
  expect(await handleBridge({ type: 'GET_QUICK_ACTIONS' }, ORIGIN, ops)).toEqual({ tab: null, actions: [] });

  ops.searchHistory = async (q) => {
    calls.push(['searchHistory', q]);
    return [
      { url: 'https://a.example/1', title: 'A1', visit_count: 1 },
      { url: 'https://b.example/', title: 'B', visit_count: 4 },
      { url: `${ORIGIN}/library`, title: 'Library', visit_count: 9 },
    ];
  };
  const suggested = await handleBridge({ type: 'GET_PERSONAL_SUGGESTIONS', max_results: 1 }, ORIGIN, ops);
  expect((suggested.suggestions as { url: string }[]).map((s) => s.url)).toEqual(['https://b.example/']);
  expect(calls).toContainEqual(['searchHistory', { text: '', startTime: NOW - 14 * 86_400_000, maxResults: 200 }]);
  expect((await handleBridge({ type: 'GET_PERSONAL_SUGGESTIONS', max_results: 21 }, ORIGIN, ops)).error).toMatch(
    /^Invalid GET_PERSONAL_SUGGESTIONS: max_results /,
  );
});
