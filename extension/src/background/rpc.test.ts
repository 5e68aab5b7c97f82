// @vitest-environment happy-dom
// Each method on a page (happy-dom) through a recording stand-in for chrome.debugger and
// chrome.tabs: the input events sent, the seed's rules and every error text a reply carries.
import { beforeEach, expect, test } from 'vitest';
import { pageApi } from '../page/page-api';
import { createRegistry } from '../page/registry';
import { AgentFailure } from '../shared/texts';
import type { NavigationTarget } from './navigation';
import { type MouseEvent, runMethod, type TabOps } from './rpc';

let events: (MouseEvent | { key: string; modifiers: number })[];
let navigations: NavigationTarget[];
let slept: number[];
let tabUrl: string;
let screenshotFailure: string | null;
let ops: TabOps;
const task = { currentTab: 7, adopted: [] as number[], completed: 0, adopt: (id: number) => task.adopted.push(id), reportComplete: () => task.completed++ };

beforeEach(() => {
  document.title = 'Booking';
  document.body.innerHTML = `<input id="name" aria-label="Name"><select aria-label="Room"><option>Single</option><option>Double</option></select>
    <button>Book now</button><div style="visibility:hidden"><button>Secret</button></div><input type="file" aria-label="Passport">`;
  events = [];
  navigations = [];
  slept = [];
  tabUrl = 'https://hotel.example/book';
  screenshotFailure = null;
  const page = pageApi(document, createRegistry());
  ops = {
    page: async (_tab, call) => page(call),
    mouse: async (_tab, e) => void events.push(e),
    key: async (_tab, p) => void events.push({ key: p.key, modifiers: p.modifiers }),
    screenshot: async () => {
      if (screenshotFailure) throw new AgentFailure(screenshotFailure);
      return { media_type: 'image/jpeg', data: 'abc', width: 1280, height: 800 };
    },
    viewportCentre: async () => ({ x: 640, y: 400 }),
    tabUrl: async () => tabUrl,
    navigate: async (_tab, to) => {
      navigations.push(to);
      return to.kind === 'url' ? to.url : 'https://hotel.example/';
    },
    createTab: async () => 42,
    tabs: async () => [
      { id: 7, url: 'https://hotel.example/book', title: 'Booking' },
      { id: 8, url: 'http://plain.example/', title: 'Plain' },
      { id: 9, url: 'file:///home/ada/notes.html', title: 'Notes' },
      { id: 10, url: 'chrome://settings/', title: 'Settings' },
      { id: 11, url: 'https://mail.example/', title: 'Mail', lastAccessed: 5 },
    ],
    sleep: async (ms) => void slept.push(ms),
  };
});

const computer = (request: Record<string, unknown>) => runMethod({ method: 'Computer', request }, ops, task);
const read = () => runMethod({ method: 'ReadPage', request: {} }, ops, task);

test('a request without a method, or with an unknown one, is answered with the seed’s texts', async () => {
  expect(await runMethod({ request: {} }, ops, task)).toEqual({ error: 'No method specified in RPC request' });
  expect(await runMethod({ method: 'Teleport', request: {} }, ops, task)).toEqual({ error: 'Unknown method: Teleport' });
  expect(await computer({ action: 'juggle' })).toEqual({ error: 'Unknown action' });
  expect(await computer({ action: 'type' })).toEqual({ error: 'Text is required for type action' });
  expect(await computer({ action: 'key', text: '' })).toEqual({ error: 'Text is required for key action' });
});

test('a click on a numbered element presses and releases at its centre; double and triple clicks count up', async () => {
  expect((await read()).text).toContain('[3] button "Book now"');
  expect(await computer({ action: 'left_click', target: { element: 3 } })).toEqual({ text: 'Clicked at 0,0' });
  expect(events.map((e) => ('type' in e ? `${e.type}:${e.button}:${e.clickCount ?? ''}` : e.key))).toEqual([
    'mouseMoved:none:',
    'mousePressed:left:1',
    'mouseReleased:left:1',
  ]);
  events = [];
  await computer({ action: 'triple_click', target: { x: 5, y: 6 } });
  expect(events.filter((e) => 'type' in e && e.type === 'mousePressed').map((e) => (e as MouseEvent).clickCount)).toEqual([1, 2, 3]);
  expect(slept).toEqual([50, 50]);
});

test('element failures name their reason after "Failed to …: "', async () => {
  await read();
  expect(await computer({ action: 'left_click', target: { element: 99 } })).toEqual({ error: 'Failed to click: not found' });
  expect(await computer({ action: 'right_click', target: { ref: 'ref_77' } })).toEqual({ error: 'Failed to click: No element found with reference ref_77' });
  document.querySelector('button')!.style.display = 'none';
  expect(await computer({ action: 'left_click', target: { element: 3 } })).toEqual({ error: 'Failed to click: invisible' });
  expect(await computer({ action: 'type', text: 'x', target: { element: 3 } })).toEqual({ error: 'Failed to type: invisible' });
  expect(await computer({ action: 'drag', target: { element: 99 }, end: { element: 1 } })).toEqual({ error: 'Failed to drag: start element not found' });
  expect(await computer({ action: 'drag', target: { element: 1 }, end: { element: 99 } })).toEqual({ error: 'Failed to drag: not found' });
  expect(await computer({ action: 'key', text: 'ctrl+banana' })).toEqual({ error: 'Failed to press key: unknown key ctrl+banana' });
  ops.mouse = async () => {
    throw new Error('Cannot access a chrome:// URL');
  };
  expect(await computer({ action: 'scroll' })).toEqual({ error: 'Failed to scroll: Cannot access a chrome:// URL' });
});

test('typing goes into the element; a page that cancels beforeinput refuses it', async () => {
  await read();
  expect(await computer({ action: 'type', text: 'Ada', target: { element: 1 } })).toEqual({ text: 'Typed 3 characters' });
  expect((document.getElementById('name') as HTMLInputElement).value).toBe('Ada');
  document.getElementById('name')!.addEventListener('beforeinput', (e) => e.preventDefault());
  expect(await computer({ action: 'type', text: 'more', target: { element: 1 } })).toEqual({ error: 'Failed to type: beforeinput event was prevented' });
  expect(await computer({ action: 'type', text: 'x', target: { element: 2 } })).toEqual({ error: 'Failed to type: not editable' });
});

test('FormInput sets fields by the rules, and says why it could not', async () => {
  await read();
  expect(await runMethod({ method: 'FormInput', request: { target: { element: 2 }, value: 'double' } }, ops, task)).toEqual({ text: 'Selected "Double"' });
  expect(await runMethod({ method: 'FormInput', request: { target: { element: 4 }, value: 'x.pdf' } }, ops, task)).toEqual({
    error: 'Failed to set value: file inputs are not supported',
  });
  expect(await runMethod({ method: 'FormInput', request: { target: { ref: 'ref_12' }, value: 'x' } }, ops, task)).toEqual({
    error: 'Failed to set value: No element found with reference ref_12',
  });
});

test('scroll is 3 ticks of 40 px unless told; keys go one press at a time; wait is 1 s unless told', async () => {
  expect(await computer({ action: 'scroll' })).toEqual({ text: 'Scrolled down 120 px' });
  expect(events).toEqual([0, 1, 2].map(() => ({ type: 'mouseWheel', x: 640, y: 400, deltaX: 0, deltaY: 40 })));
  events = [];
  await computer({ action: 'scroll', direction: 'up', ticks: 2 });
  expect(events.map((e) => (e as MouseEvent).deltaY)).toEqual([-40, -40]);
  events = [];
  expect(await computer({ action: 'key', text: 'ctrl+a Enter' })).toEqual({ text: 'Pressed ctrl+a Enter' });
  expect(events).toEqual([
    { key: 'a', modifiers: 2 },
    { key: 'Enter', modifiers: 0 },
  ]);
  slept = [];
  expect(await computer({ action: 'wait' })).toEqual({ text: 'Waited 1 s' });
  expect(await computer({ action: 'wait', seconds: 600 })).toEqual({ text: 'Waited 30 s' });
  expect(slept).toEqual([1000, 30_000]);
});

test('screenshots: refused on internal pages but the new tab page, with the seed’s failure texts', async () => {
  expect((await computer({ action: 'screenshot' })).screenshot).toMatchObject({ width: 1280, height: 800 });
  tabUrl = 'chrome://settings/';
  expect((await computer({ action: 'screenshot' })).error).toBe('Screenshots are not taken of browser-internal pages');
  tabUrl = 'chrome://newtab/';
  expect((await computer({ action: 'screenshot' })).screenshot).toBeDefined();
  screenshotFailure = 'Screenshot timed out';
  expect(await computer({ action: 'screenshot' })).toEqual({ error: 'Screenshot timed out' });
  screenshotFailure = 'Failed to load screenshot image';
  expect(await computer({ action: 'screenshot' })).toEqual({ error: 'Failed to load screenshot image' });
});

test('Navigate adds https:// to an address without ://, and goes back and forward', async () => {
  await runMethod({ method: 'Navigate', request: { url: 'hotel.example/rooms' } }, ops, task);
  await runMethod({ method: 'Navigate', request: { url: 'http://plain.example/' } }, ops, task);
  await runMethod({ method: 'Navigate', request: { url: 'back' } }, ops, task);
  await runMethod({ method: 'Navigate', request: { url: 'forward' } }, ops, task);
  expect(navigations).toEqual([
    { kind: 'url', url: 'https://hotel.example/rooms' },
    { kind: 'url', url: 'http://plain.example/' },
    { kind: 'back' },
    { kind: 'forward' },
  ]);
});

test('TabsContext offers only https and file tabs other than the current one; TabsCreate moves the task to its tab', async () => {
  expect(await runMethod({ method: 'TabsContext', request: {} }, ops, task)).toEqual({
    tabs: {
      current_tab_id: 7,
      tabs: [
        { id: 9, url: 'file:///home/ada/notes.html', title: 'Notes' },
        { id: 11, url: 'https://mail.example/', title: 'Mail', last_accessed: 5 },
      ],
    },
  });
  expect(await runMethod({ method: 'TabsCreate', request: { url: 'example.org' } }, ops, task)).toEqual({ text: 'Opened tab 42', tab_id: 42 });
  expect(task.adopted).toEqual([42]);
  expect(await runMethod({ method: 'ReportTaskComplete', request: { summary: 'Done' } }, ops, task)).toEqual({ text: 'Reported' });
  expect(task.completed).toBe(1);
});

test('GetPageText gives the page text as data', async () => {
  const reply = await runMethod({ method: 'GetPageText', request: {} }, ops, task);
  expect(reply.text).toMatch(/^Title: Booking\nAddress: /);
  expect(reply.text).toContain('Book now');
});

test('a left click falls back to the page’s own click when the debugger cannot attach; other clicks fail with its reason', async () => {
  await read();
  const clicked: string[] = [];
  document.querySelector('button')!.addEventListener('click', () => clicked.push('Book now'));
  ops.mouse = async () => {
    throw new Error('Another debugger is already attached to the tab');
  };
  expect(await computer({ action: 'left_click', target: { element: 3 } })).toEqual({ text: 'Clicked (the page’s own click)' });
  expect(clicked).toEqual(['Book now']);
  expect(await computer({ action: 'double_click', target: { element: 3 } })).toEqual({
    error: 'Failed to click: Another debugger is already attached to the tab',
  });
  expect(await computer({ action: 'left_click', target: { x: 3, y: 4 } })).toEqual({
    error: 'Failed to click: Another debugger is already attached to the tab',
  });
});
