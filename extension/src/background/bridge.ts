// The browser bridge for the web app (seed 003 §7), through externally_connectable: only pages of
// the app's origin reach it (the manifest's matches, and the origin checked again here). Each
// message is checked; a bad one answers { error }. The agent's start and token hand-over come the
// same way: the token goes to the app's own origin only, the one the message came from.
import { z } from 'zod';
import { DAY_MS, HISTORY_DAYS_DEFAULT, HISTORY_RESULTS_DEFAULT, OPEN_TABS_MAX, TAB_CONTENT_MAX_CHARS } from '../shared/limits';
import { navigationTarget, type TabLike } from './navigation';
import { personalSuggestions, quickActionsFor, SUGGESTIONS_HISTORY_READ, SUGGESTIONS_MAX } from './suggestions';

const tabId = z.number().int().nonnegative();
const url = z.string().min(1).max(4096);

export const BRIDGE_MESSAGES = {
  PING: z.object({}),
  CONNECT: z.object({ token: z.string().min(1).max(2000) }),
  START_TASK: z.object({ token: z.string().min(1).max(2000), task: z.string().trim().min(1).max(4000), start_url: url.optional() }),
  // The agent's task from the web app's side (seed 003 §7, agent messaging): cleanup, its tabs, show one.
  CLEANUP: z.object({ task_uuid: z.string().uuid() }),
  TASK_TABS: z.object({ task_uuid: z.string().uuid() }),
  MAKE_VISIBLE: z.object({ tab_id: tabId }),
  TABS_CREATE: z.object({ url: url.optional(), active: z.boolean().optional() }),
  TABS_GET: z.object({ tab_id: tabId }),
  TABS_QUERY: z.object({ url: z.string().max(4096).optional(), title: z.string().max(500).optional(), current_window: z.boolean().optional() }),
  TABS_CLOSE: z.object({ tab_ids: z.array(tabId).min(1).max(OPEN_TABS_MAX) }),
  HISTORY_SEARCH: z.object({
    text: z.string().max(500).default(''),
    days: z.number().int().min(1).max(365).default(HISTORY_DAYS_DEFAULT),
    max_results: z.number().int().min(1).max(100).default(HISTORY_RESULTS_DEFAULT),
  }),
  OPEN_TABS_SEARCH: z.object({ query: z.string().max(500).default('') }),
  TAB_CONTENT: z.object({ tab_id: tabId }),
  SCREENSHOT: z.object({ tab_id: tabId }),
  NAV_SEARCH: z.object({ query: z.string().trim().min(1).max(2000) }),
  SHOW_NOTIFICATION: z.object({ title: z.string().min(1).max(200), message: z.string().max(1000).default('') }),
  SET_TAB_PROGRESS: z.object({ tab_id: tabId, progress: z.number().min(0).max(100).nullable() }),
  GET_TOP_MOST_VISITED_URLS: z.object({ max_results: z.number().int().min(1).max(100).default(10) }),
  USER_STATE_CHANGED: z.object({ signed_in: z.boolean() }),
  // The agent's quick actions on a tab (the active one of the current window when none is named).
  GET_QUICK_ACTIONS: z.object({ tab_id: tabId.optional() }),
  // Pages of the person's recent history to pick up again (over HISTORY_DAYS_DEFAULT days).
  GET_PERSONAL_SUGGESTIONS: z.object({ max_results: z.number().int().min(1).max(SUGGESTIONS_MAX).default(5) }),
} as const;

export type BridgeType = keyof typeof BRIDGE_MESSAGES;
type Input<T extends BridgeType> = z.output<(typeof BRIDGE_MESSAGES)[T]>;

export type Tab = { id: number; url: string; title: string; last_accessed?: number };
export type HistoryItem = { url: string; title: string; last_visit_time?: number; visit_count?: number };

/** The browser and the agent as the bridge uses them. */
export interface BridgeOps {
  version: string;
  now(): number;
  connect(origin: string, token: string): void;
  startTask(origin: string, token: string, task: string, startUrl: string | undefined): Promise<string>;
  signedOut(): Promise<void>;
  /** Stops the task and runs its cleanup (once); false when the extension does not know it. */
  cleanupTask(taskUuid: string): Promise<boolean>;
  taskTabs(taskUuid: string): number[] | null;
  makeVisible(tabId: number): Promise<void>;
  createTab(url: string | undefined, active: boolean): Promise<TabLike>;
  getTab(id: number): Promise<TabLike>;
  queryTabs(q: { url?: string; currentWindow?: boolean; active?: boolean }): Promise<TabLike[]>;
  closeTabs(ids: number[]): Promise<void>;
  searchHistory(q: { text: string; startTime: number; maxResults: number }): Promise<HistoryItem[]>;
  tabText(id: number, max: number): Promise<string>;
  screenshot(id: number): Promise<{ media_type: string; data: string; width: number; height: number }>;
  notify(title: string, message: string): Promise<void>;
  setProgress(tabId: number, progress: number | null): Promise<void>;
  topSites(): Promise<{ url: string; title: string }[]>;
}

const tabOut = (t: TabLike): Tab => ({
  id: t.id ?? -1,
  url: t.url ?? '',
  title: t.title ?? '',
  ...(t.lastAccessed ? { last_accessed: Math.round(t.lastAccessed) } : {}),
});

/** Answers one message from a page of `origin` (already checked against the app's origins). */
export async function handleBridge(message: unknown, origin: string, ops: BridgeOps): Promise<Record<string, unknown>> {
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(type in BRIDGE_MESSAGES)) return { error: `Unknown message: ${String(type).slice(0, 100)}` };
  const parsed = BRIDGE_MESSAGES[type as BridgeType].safeParse(message);
  if (!parsed.success) return { error: `Invalid ${type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'} ${i.message}`).join('; ')}` };
  try {
    return await run(type as BridgeType, parsed.data as never, origin, ops);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

async function run<T extends BridgeType>(type: T, m: Input<T>, origin: string, ops: BridgeOps): Promise<Record<string, unknown>> {
  switch (type) {
    case 'PING':
      return { ok: true, version: ops.version };
    case 'CONNECT':
      ops.connect(origin, (m as Input<'CONNECT'>).token);
      return { ok: true };
    case 'START_TASK': {
      const s = m as Input<'START_TASK'>;
      const start = s.start_url ? navigationTarget(s.start_url) : null;
      return { task_uuid: await ops.startTask(origin, s.token, s.task, start?.kind === 'url' ? start.url : undefined) };
    }
    case 'CLEANUP':
      return { ok: await ops.cleanupTask((m as Input<'CLEANUP'>).task_uuid) };
    case 'TASK_TABS': {
      const tabs = ops.taskTabs((m as Input<'TASK_TABS'>).task_uuid);
      return tabs ? { tab_ids: tabs } : { error: 'Unknown task' };
    }
    case 'MAKE_VISIBLE':
      await ops.makeVisible((m as Input<'MAKE_VISIBLE'>).tab_id);
      return { ok: true };
    case 'TABS_CREATE': {
      const c = m as Input<'TABS_CREATE'>;
      const target = c.url ? navigationTarget(c.url) : null;
      return { tab: tabOut(await ops.createTab(target?.kind === 'url' ? target.url : undefined, c.active ?? true)) };
    }
    case 'TABS_GET':
      return { tab: tabOut(await ops.getTab((m as Input<'TABS_GET'>).tab_id)) };
    case 'TABS_QUERY': {
      const q = m as Input<'TABS_QUERY'>;
      const tabs = await ops.queryTabs({ url: q.url, currentWindow: q.current_window });
      const title = q.title?.toLowerCase();
      return {
        tabs: tabs
          .filter((t) => !title || (t.title ?? '').toLowerCase().includes(title))
          .slice(0, OPEN_TABS_MAX)
          .map(tabOut),
      };
    }
    case 'TABS_CLOSE':
      await ops.closeTabs((m as Input<'TABS_CLOSE'>).tab_ids);
      return { ok: true };
    case 'HISTORY_SEARCH': {
      const h = m as Input<'HISTORY_SEARCH'>;
      return { items: await ops.searchHistory({ text: h.text, startTime: ops.now() - h.days * DAY_MS, maxResults: h.max_results }) };
    }
    case 'OPEN_TABS_SEARCH': {
      const words = (m as Input<'OPEN_TABS_SEARCH'>).query.toLowerCase().split(/\s+/).filter(Boolean);
      const tabs = (await ops.queryTabs({})).filter((t) => words.every((w) => `${t.title ?? ''} ${t.url ?? ''}`.toLowerCase().includes(w)));
      return { tabs: tabs.slice(0, OPEN_TABS_MAX).map(tabOut) };
    }
    case 'TAB_CONTENT':
      return { text: await ops.tabText((m as Input<'TAB_CONTENT'>).tab_id, TAB_CONTENT_MAX_CHARS) };
    case 'SCREENSHOT':
      return { screenshot: await ops.screenshot((m as Input<'SCREENSHOT'>).tab_id) };
    case 'NAV_SEARCH': {
      const tab = await ops.createTab(`${origin}/search?q=${encodeURIComponent((m as Input<'NAV_SEARCH'>).query)}`, true);
      return { tab: tabOut(tab) };
    }
    case 'SHOW_NOTIFICATION': {
      const n = m as Input<'SHOW_NOTIFICATION'>;
      await ops.notify(n.title, n.message);
      return { ok: true };
    }
    case 'SET_TAB_PROGRESS': {
      const p = m as Input<'SET_TAB_PROGRESS'>;
      await ops.setProgress(p.tab_id, p.progress);
      return { ok: true };
    }
    case 'GET_TOP_MOST_VISITED_URLS':
      return { urls: (await ops.topSites()).slice(0, (m as Input<'GET_TOP_MOST_VISITED_URLS'>).max_results) };
    case 'GET_QUICK_ACTIONS': {
      const q = m as Input<'GET_QUICK_ACTIONS'>;
      const tab = q.tab_id !== undefined ? await ops.getTab(q.tab_id) : ((await ops.queryTabs({ active: true, currentWindow: true }))[0] ?? null);
      return { tab: tab ? tabOut(tab) : null, actions: quickActionsFor(tab, origin) };
    }
    case 'GET_PERSONAL_SUGGESTIONS': {
      const items = await ops.searchHistory({ text: '', startTime: ops.now() - HISTORY_DAYS_DEFAULT * DAY_MS, maxResults: SUGGESTIONS_HISTORY_READ });
      return { suggestions: personalSuggestions(items, origin, (m as Input<'GET_PERSONAL_SUGGESTIONS'>).max_results) };
    }
    case 'USER_STATE_CHANGED':
      if (!(m as Input<'USER_STATE_CHANGED'>).signed_in) await ops.signedOut();
      return { ok: true };
  }
  return { error: 'Unknown message' };
}
