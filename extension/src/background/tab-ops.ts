/// <reference types="chrome" />
// The browser behind the agent's methods: chrome.scripting runs the page side (page.js) in a tab's
// isolated world, chrome.debugger sends real input events and takes screenshots, chrome.tabs moves.
import type { Screenshot } from '../../../generated/agent/messages.gen';
import type { PageAnswer, PageCall } from '../page/page-api';
import { SCREENSHOT_TIMEOUT_MS } from '../shared/limits';
import { AgentFailure, TEXTS } from '../shared/texts';
import type { KeyPress } from './keys';
import type { NavigationTarget } from './navigation';
import type { MouseEvent, TabOps } from './rpc';
import { screenshotScale } from './screenshot-rules';

const LOAD_TIMEOUT_MS = 20_000;
const attached = new Set<number>();

chrome.debugger.onDetach.addListener((source) => {
  if (source.tabId !== undefined) attached.delete(source.tabId);
});

async function command<T = unknown>(tabId: number, method: string, params?: object): Promise<T> {
  if (!attached.has(tabId)) {
    await chrome.debugger.attach({ tabId }, '1.3');
    attached.add(tabId);
  }
  return (await chrome.debugger.sendCommand({ tabId }, method, params)) as T;
}

/** Lets go of the tabs this worker attached to (at a task's end). */
export async function detachAll() {
  for (const tabId of [...attached]) await chrome.debugger.detach({ tabId }).catch(() => undefined);
  attached.clear();
}

/** Resolves once the tab has loaded (or at once when it has). */
export function loaded(tabId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('The page did not load in time')), LOAD_TIMEOUT_MS);
    const onUpdated = (id: number, info: chrome.tabs.OnUpdatedInfo) => {
      if (id === tabId && info.status === 'complete') done();
    };
    const done = (err?: Error) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      if (err) reject(err);
      else resolve();
    };
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.get(tabId).then(
      (t) => t.status === 'complete' && done(),
      (err) => done(err),
    );
  });
}

async function page(tabId: number, call: PageCall): Promise<PageAnswer> {
  // A click may have started a navigation: the page side goes into the page that loads.
  await loaded(tabId).catch(() => undefined);
  await chrome.scripting.executeScript({ target: { tabId }, files: ['page.js'] });
  const [result] = await chrome.scripting.executeScript({
    target: { tabId },
    func: (c: PageCall) => globalThis.__answerEngineAgent!(c),
    args: [call],
  });
  return (result?.result as PageAnswer | undefined) ?? { ok: false, error: TEXTS.notFound };
}

async function mouse(tabId: number, e: MouseEvent) {
  await command(tabId, 'Input.dispatchMouseEvent', {
    type: e.type,
    x: e.x,
    y: e.y,
    button: e.button ?? 'none',
    clickCount: e.clickCount ?? 0,
    ...(e.type === 'mouseWheel' ? { deltaX: e.deltaX ?? 0, deltaY: e.deltaY ?? 0 } : {}),
  });
}

async function key(tabId: number, p: KeyPress) {
  const base = { key: p.key, code: p.code, windowsVirtualKeyCode: p.keyCode, nativeVirtualKeyCode: p.keyCode, modifiers: p.modifiers };
  await command(tabId, 'Input.dispatchKeyEvent', {
    ...base,
    type: p.text ? 'keyDown' : 'rawKeyDown',
    ...(p.text ? { text: p.text, unmodifiedText: p.text } : {}),
  });
  await command(tabId, 'Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
}

async function capture(tabId: number): Promise<Screenshot> {
  const metrics = await command<{ cssVisualViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number } }>(
    tabId,
    'Page.getLayoutMetrics',
  );
  const v = metrics.cssVisualViewport;
  const size = screenshotScale(v.clientWidth, v.clientHeight);
  const shot = await command<{ data?: string }>(tabId, 'Page.captureScreenshot', {
    format: 'jpeg',
    quality: 80,
    clip: { x: v.pageX, y: v.pageY, width: size.width / size.scale, height: size.height / size.scale, scale: size.scale },
  });
  if (!shot.data) throw new AgentFailure(TEXTS.screenshotLoadFailed);
  return { media_type: 'image/jpeg', data: shot.data, width: size.width, height: size.height };
}

async function screenshot(tabId: number): Promise<Screenshot> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AgentFailure(TEXTS.screenshotTimedOut)), SCREENSHOT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      capture(tabId).catch((err) => {
        throw err instanceof AgentFailure ? err : new AgentFailure(TEXTS.screenshotLoadFailed);
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function navigate(tabId: number, to: NavigationTarget): Promise<string> {
  if (to.kind === 'back') await chrome.tabs.goBack(tabId);
  else if (to.kind === 'forward') await chrome.tabs.goForward(tabId);
  else await chrome.tabs.update(tabId, { url: to.url });
  await new Promise((r) => setTimeout(r, 100));
  await loaded(tabId);
  return (await chrome.tabs.get(tabId)).url ?? '';
}

export const chromeTabOps: TabOps = {
  page,
  mouse,
  key,
  screenshot,
  viewportCentre: async (tabId) => {
    const [r] = await chrome.scripting.executeScript({ target: { tabId }, func: () => ({ x: Math.round(innerWidth / 2), y: Math.round(innerHeight / 2) }) });
    return r.result as { x: number; y: number };
  },
  tabUrl: async (tabId) => (await chrome.tabs.get(tabId)).url ?? '',
  navigate,
  createTab: async (url) => {
    const tab = await chrome.tabs.create({ url, active: true });
    if (tab.id === undefined) throw new Error('The tab could not be opened');
    await loaded(tab.id);
    return tab.id;
  },
  tabs: () => chrome.tabs.query({}),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};
