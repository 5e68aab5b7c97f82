// The extension's side of the agent socket with a stand-in socket and chrome.tabs: a task starts
// once connected and again on each reconnect (reconnecting after 1 s), a repeated request id is
// run once and answered again with the same reply, and a task's end cleans up once, closing only
// the agent's own tabs.
import { afterAll, beforeEach, expect, test, vi } from 'vitest';

type Handler = (payload?: unknown) => void;
const socket = {
  connected: false,
  active: true,
  handlers: new Map<string, Handler>(),
  emitted: [] as [string, unknown][],
  on(event: string, h: Handler) {
    this.handlers.set(event, h);
    return this;
  },
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  },
  connect: vi.fn(),
  close: vi.fn(),
  removeAllListeners: vi.fn(),
  fire(event: string, payload?: unknown) {
    this.handlers.get(event)?.(payload);
  },
};
const ioCalls: unknown[][] = [];
vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    ioCalls.push(args);
    return socket;
  },
}));
vi.mock('./tab-ops', () => ({ detachAll: vi.fn(async () => undefined) }));

const removed: number[][] = [];
(globalThis as { chrome?: unknown }).chrome = {
  runtime: { getManifest: () => ({ version: '0.1.0' }) },
  tabs: { remove: async (ids: number[]) => void removed.push(ids) },
};

const { AgentClient } = await import('./agent-client');
// The test files of this project share a worker: the stand-in leaves with this file.
afterAll(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});
const flush = () => new Promise((r) => setTimeout(r, 0));

let runs: string[];
const ops = {
  tabs: async () => [],
  page: async (_tab: number, call: { name: string }) => {
    runs.push(call.name);
    return { ok: true as const, value: 'Page: Booking' };
  },
} as never;

beforeEach(() => {
  runs = [];
  removed.length = 0;
  socket.emitted = [];
  socket.handlers.clear();
  socket.connected = false;
  ioCalls.length = 0;
});

test('starts on connect and again on reconnect; a repeated request runs once; the end cleans up once', async () => {
  const told: string[][] = [];
  const client = new AgentClient(
    ops,
    () => undefined,
    (task, what) => told.push([task, what]),
  );
  client.setCredentials('https://answers.example.org', 'tok');
  const uuid = client.start('Book a room', { id: 5, url: 'https://hotel.example/booking', own: true });
  expect(ioCalls[0][0]).toBe('https://answers.example.org/agent');
  expect(ioCalls[0][1]).toMatchObject({ transports: ['websocket'], reconnectionDelay: 1000, reconnectionDelayMax: 1000 });
  socket.connected = true;
  socket.fire('connect');
  await flush();
  const starts = () => socket.emitted.filter(([e]) => e === 'start_agent').map(([, p]) => p as { task_uuid: string; url: string; tabs_context: unknown });
  expect(starts()).toEqual([
    expect.objectContaining({ task_uuid: uuid, task: 'Book a room', url: 'https://hotel.example/booking', extension_version: '0.1.0' }),
  ]);
  expect(starts()[0].tabs_context).toEqual({ current_tab_id: 5, tabs: [] });

  const request = { request_id: `${uuid}:1`, method: 'ReadPage', request: {} };
  socket.fire('request', request);
  socket.fire('request', request);
  await flush();
  expect(runs).toEqual(['readPage']);
  expect(socket.emitted.filter(([e]) => e === 'rpc_response')).toEqual([
    ['rpc_response', { request_id: `${uuid}:1`, response: { text: 'Page: Booking' } }],
    ['rpc_response', { request_id: `${uuid}:1`, response: { text: 'Page: Booking' } }],
  ]);

  socket.fire('connect');
  await flush();
  expect(starts()).toHaveLength(2);

  socket.fire('agent_needs_confirmation', { task_uuid: uuid, step: 2, method: 'Computer', reason: 'spends_money' });
  expect(client.view().tasks[0]).toMatchObject({ status: 'awaiting_confirmation', pending: { step: 2 } });
  expect(told).toEqual([['Book a room', 'Computer']]);
  socket.fire('agent_complete', { task_uuid: uuid, summary: 'Booked.' });
  socket.fire('agent_complete', { task_uuid: uuid, summary: 'Booked.' });
  await flush();
  expect(client.view().tasks[0]).toMatchObject({ status: 'completed', summary: 'Booked.' });
  expect(removed).toEqual([[5]]);
  expect(socket.close).toHaveBeenCalled();
});

test('an external cleanup stops the task and runs once', async () => {
  const client = new AgentClient(ops, () => undefined);
  client.setCredentials('https://answers.example.org', 'tok');
  const uuid = client.start('Book', { id: 12, url: 'https://hotel.example/', own: true });
  expect(client.tabsOf(uuid)).toEqual([12]);
  expect(await client.cleanupTask(uuid)).toBe(true);
  expect(await client.cleanupTask(uuid)).toBe(true);
  socket.fire('agent_stopped', { task_uuid: uuid });
  await flush();
  expect(socket.emitted).toContainEqual(['stop_agent', { task_uuid: uuid }]);
  expect(removed).toEqual([[12]]);
  expect(await client.cleanupTask('nope')).toBe(false);
});

test('the person’s own tab is never closed at the end', async () => {
  const client = new AgentClient(ops, () => undefined);
  client.setCredentials('https://answers.example.org', 'tok');
  const uuid = client.start('Summarise', { id: 9, url: 'https://news.example/', own: false });
  socket.fire('agent_stopped', { task_uuid: uuid });
  await flush();
  expect(client.view().tasks[0].status).toBe('stopped');
  expect(removed).toEqual([]);
});

test('without a token from the web app a task cannot start', () => {
  const client = new AgentClient(ops, () => undefined);
  expect(() => client.start('Book', { id: 1, url: 'https://a.example/', own: true })).toThrow('not_connected');
});
