/// <reference types="chrome" />
// The extension's service worker: the agent socket (agent-client.ts) driving the person's tabs,
// the browser bridge for the web app (bridge.ts), and the side panel's calls.
import { AgentClient } from './background/agent-client';
import { type BridgeOps, handleBridge } from './background/bridge';
import { loaded, chromeTabOps } from './background/tab-ops';
import { originAllowed } from './background/origins';
import type { PanelRequest } from './sidepanel/panel-messages';

const allowedOrigins = (chrome.runtime.getManifest().externally_connectable?.matches ?? []) as string[];

const broadcast = () => chrome.runtime.sendMessage({ type: 'PANEL_UPDATE', state: agent.view() }).catch(() => undefined);
const agent = new AgentClient(chromeTabOps, broadcast, (task, what) => {
  void chrome.notifications
    .create({
      type: 'basic',
      iconUrl: 'icon-128.png',
      title: 'The agent waits for you',
      message: `${what} (${task.slice(0, 80)}). Confirm or decline in the app or the side panel.`,
    })
    .catch(() => undefined);
});

// The web app's latest hand-over outlives a restart of this worker (Chrome stops idle workers),
// for this browser session only: chrome.storage.session is kept in memory, never on disk.
function remember(origin: string, token: string) {
  agent.setCredentials(origin, token);
  void chrome.storage.session.set({ credentials: { origin, token } });
}
void chrome.storage.session.get('credentials').then(({ credentials }) => {
  const c = credentials as { origin?: string; token?: string } | undefined;
  if (c?.origin && c.token && !agent.view().connection.hasToken) agent.setCredentials(c.origin, c.token);
});

async function startInNewTab(origin: string, token: string, task: string, startUrl: string | undefined) {
  remember(origin, token);
  // No address: the new tab page, where the agent starts by navigating.
  const tab = await chrome.tabs.create({ url: startUrl, active: true });
  if (tab.id === undefined) throw new Error('The tab could not be opened');
  await loaded(tab.id).catch(() => undefined);
  const now = await chrome.tabs.get(tab.id);
  return agent.start(task, { id: tab.id, url: now.url ?? startUrl ?? '', own: true });
}

const bridgeOps: BridgeOps = {
  version: chrome.runtime.getManifest().version,
  now: () => Date.now(),
  connect: remember,
  startTask: startInNewTab,
  signedOut: async () => {
    agent.forgetCredentials();
    await chrome.storage.session.remove('credentials');
    await agent.cleanupAll();
  },
  cleanupTask: (taskUuid) => agent.cleanupTask(taskUuid),
  taskTabs: (taskUuid) => agent.tabsOf(taskUuid),
  makeVisible: async (tabId) => {
    const tab = await chrome.tabs.update(tabId, { active: true });
    if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
  },
  createTab: (url, active) => chrome.tabs.create({ url, active }),
  getTab: (id) => chrome.tabs.get(id),
  queryTabs: (q) =>
    chrome.tabs.query({ ...(q.url ? { url: q.url } : {}), ...(q.currentWindow ? { currentWindow: true } : {}), ...(q.active ? { active: true } : {}) }),
  closeTabs: (ids) => chrome.tabs.remove(ids),
  searchHistory: async (q) =>
    (await chrome.history.search({ text: q.text, startTime: q.startTime, maxResults: q.maxResults })).map((h) => ({
      url: h.url ?? '',
      title: h.title ?? '',
      ...(h.lastVisitTime ? { last_visit_time: Math.round(h.lastVisitTime) } : {}),
      ...(h.visitCount ? { visit_count: h.visitCount } : {}),
    })),
  tabText: async (id, max) => {
    const answer = await chromeTabOps.page(id, { name: 'pageText', max });
    if (!answer.ok) throw new Error(answer.error);
    return answer.value as string;
  },
  screenshot: (id) => chromeTabOps.screenshot(id),
  notify: async (title, message) => {
    await chrome.notifications.create({ type: 'basic', iconUrl: 'icon-128.png', title, message });
  },
  setProgress: async (tabId, progress) => {
    await chrome.action.setBadgeText({ tabId, text: progress === null ? '' : `${Math.round(progress)}%` });
  },
  topSites: async () => (await chrome.topSites.get()).map((s) => ({ url: s.url, title: s.title })),
};

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  if (!originAllowed(sender.origin, allowedOrigins)) {
    sendResponse({ error: 'This page may not use the extension.' });
    return false;
  }
  void handleBridge(message, sender.origin!, bridgeOps).then(sendResponse);
  return true;
});

async function panel(request: PanelRequest): Promise<unknown> {
  switch (request.type) {
    case 'PANEL_STATE':
      return agent.view();
    case 'PANEL_START': {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab?.id === undefined) return { error: 'No tab to work in.' };
      try {
        return { task_uuid: agent.start(request.task, { id: tab.id, url: tab.url ?? '', own: false }) };
      } catch {
        return { error: 'Open the app, signed in, to connect the extension first.' };
      }
    }
    case 'PANEL_CONTROL':
      agent.control(request.action, request.task_uuid);
      return { ok: true };
    case 'PANEL_CONFIRM':
      agent.confirm(request.task_uuid, request.step, request.approved);
      return { ok: true };
  }
}

const PANEL_REQUESTS = new Set(['PANEL_STATE', 'PANEL_START', 'PANEL_CONTROL', 'PANEL_CONFIRM']);

chrome.runtime.onMessage.addListener((message: { type?: unknown }, sender, sendResponse) => {
  // Only the extension's own pages (the side panel) come this way.
  if (sender.id !== chrome.runtime.id || !PANEL_REQUESTS.has(String(message?.type))) return false;
  void panel(message as PanelRequest).then(sendResponse);
  return true;
});

chrome.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
