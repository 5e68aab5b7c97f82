// Each method of the agent socket run on the person's tabs (seed 003 §7): the rules and the error
// texts here, the browser behind `TabOps` (chrome.* in tab-ops.ts, a fake in the tests).
import type {
  AgentMethod,
  ComputerRequest,
  FormInputRequest,
  MethodResponse,
  NavigateRequest,
  ReadPageRequest,
  Screenshot,
  TabsCreateRequest,
} from '../../../generated/agent/messages.gen';
import type { PageAnswer, PageCall } from '../page/page-api';
import type { Point } from '../page/locate';
import { ACTION_DELAY_MS, SCROLL_TICK_PX, SCROLL_TICKS_DEFAULT, WAIT_DEFAULT_SECONDS, WAIT_MAX_SECONDS } from '../shared/limits';
import { AgentFailure, type FailedVerb, TEXTS } from '../shared/texts';
import { type KeyPress, parseKeys } from './keys';
import { type NavigationTarget, navigationTarget, offeredTabs, type TabLike } from './navigation';
import { screenshotAllowed } from './screenshot-rules';

export type MouseEvent = {
  type: 'mouseMoved' | 'mousePressed' | 'mouseReleased' | 'mouseWheel';
  x: number;
  y: number;
  button?: 'left' | 'right' | 'middle' | 'none';
  clickCount?: number;
  deltaX?: number;
  deltaY?: number;
};

/** The browser as the methods use it. A failure throws; its message is the reason given back. */
export interface TabOps {
  page(tabId: number, call: PageCall): Promise<PageAnswer>;
  mouse(tabId: number, event: MouseEvent): Promise<void>;
  key(tabId: number, press: KeyPress): Promise<void>;
  /** Throws AgentFailure with 'Failed to load screenshot image' or 'Screenshot timed out'. */
  screenshot(tabId: number): Promise<Screenshot>;
  viewportCentre(tabId: number): Promise<Point>;
  tabUrl(tabId: number): Promise<string>;
  navigate(tabId: number, to: NavigationTarget): Promise<string>;
  createTab(url: string | undefined): Promise<number>;
  tabs(): Promise<TabLike[]>;
  sleep(ms: number): Promise<void>;
}

/** The task's side of a request: the tab it works in (TabsCreate moves it) and its end. */
export interface TaskTabs {
  currentTab: number;
  adopt(tabId: number): void;
  reportComplete(): void;
}

const METHODS: readonly AgentMethod[] = ['Computer', 'FormInput', 'GetPageText', 'Navigate', 'ReadPage', 'TabsCreate', 'TabsContext', 'ReportTaskComplete'];
const CLICKS = {
  left_click: { button: 'left', count: 1 },
  right_click: { button: 'right', count: 1 },
  middle_click: { button: 'middle', count: 1 },
  double_click: { button: 'left', count: 2 },
  triple_click: { button: 'left', count: 3 },
} as const;

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function onPage<T>(ops: TabOps, tabId: number, call: PageCall): Promise<T> {
  const answer = await ops.page(tabId, call);
  if (!answer.ok) throw new AgentFailure(answer.error);
  return answer.value as T;
}

/** Runs one request; a failure is a reply with `error`, never a thrown error. */
export async function runMethod(message: { method?: unknown; request?: unknown }, ops: TabOps, task: TaskTabs): Promise<MethodResponse> {
  if (message.method === undefined || message.method === null || message.method === '') return { error: TEXTS.noMethod };
  const method = String(message.method);
  if (!(METHODS as readonly string[]).includes(method)) return { error: TEXTS.unknownMethod(method.slice(0, 100)) };
  const request = (message.request ?? {}) as Record<string, unknown>;
  const tabId = typeof request.tab_id === 'number' ? request.tab_id : task.currentTab;
  switch (method as AgentMethod) {
    case 'Computer':
      return computer(request as unknown as ComputerRequest, tabId, ops);
    case 'FormInput': {
      const r = request as unknown as FormInputRequest;
      try {
        return { text: await onPage<string>(ops, tabId, { name: 'formInput', target: r.target, value: r.value }) };
      } catch (err) {
        return { error: TEXTS.failed('set value', reasonOf(err)) };
      }
    }
    case 'GetPageText':
      try {
        return { text: await onPage<string>(ops, tabId, { name: 'pageText' }) };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    case 'ReadPage': {
      const r = request as ReadPageRequest;
      try {
        return { text: await onPage<string>(ops, tabId, { name: 'readPage', filter: r.filter, max_depth: r.max_depth }) };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    }
    case 'Navigate': {
      const r = request as unknown as NavigateRequest;
      try {
        const url = await ops.navigate(tabId, navigationTarget(String(r.url ?? '')));
        return { text: `Now at ${url}`, tab_id: tabId };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    }
    case 'TabsCreate': {
      const r = request as TabsCreateRequest;
      try {
        const target = r.url ? navigationTarget(r.url) : null;
        const id = await ops.createTab(target?.kind === 'url' ? target.url : undefined);
        task.adopt(id);
        return { text: `Opened tab ${id}`, tab_id: id };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    }
    case 'TabsContext':
      try {
        return { tabs: { current_tab_id: task.currentTab, tabs: offeredTabs(await ops.tabs(), task.currentTab) } };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    case 'ReportTaskComplete':
      task.reportComplete();
      return { text: 'Reported' };
  }
}

async function computer(r: ComputerRequest, tabId: number, ops: TabOps): Promise<MethodResponse> {
  const action = r.action as string;
  if (action in CLICKS || action === 'hover') {
    const verb: FailedVerb = 'click';
    try {
      const at = await onPage<Point>(ops, tabId, { name: 'locate', target: r.target });
      try {
        await ops.mouse(tabId, { type: 'mouseMoved', x: at.x, y: at.y, button: 'none' });
        if (action === 'hover') return { text: `Hovered at ${at.x},${at.y}` };
        const click = CLICKS[action as keyof typeof CLICKS];
        for (let n = 1; n <= click.count; n++) {
          await ops.mouse(tabId, { type: 'mousePressed', x: at.x, y: at.y, button: click.button, clickCount: n });
          await ops.mouse(tabId, { type: 'mouseReleased', x: at.x, y: at.y, button: click.button, clickCount: n });
          if (n < click.count) await ops.sleep(ACTION_DELAY_MS);
        }
        return { text: `Clicked at ${at.x},${at.y}` };
      } catch (err) {
        // Without the debugger's input (another debugger holds the tab) a plain left click on an
        // element is the page's own click; anything else fails with the debugger's reason.
        const onElement = r.target?.element !== undefined || r.target?.ref !== undefined;
        if (action !== 'left_click' || !onElement) throw err;
        await onPage<string>(ops, tabId, { name: 'click', target: r.target });
        return { text: 'Clicked (the page’s own click)' };
      }
    } catch (err) {
      return { error: TEXTS.failed(verb, reasonOf(err)) };
    }
  }
  switch (action) {
    case 'type': {
      if (!r.text) return { error: TEXTS.textRequiredForType };
      try {
        return { text: await onPage<string>(ops, tabId, { name: 'typeText', target: r.target, text: r.text }) };
      } catch (err) {
        return { error: TEXTS.failed('type', reasonOf(err)) };
      }
    }
    case 'key': {
      if (!r.text) return { error: TEXTS.textRequiredForKey };
      const presses = parseKeys(r.text);
      if (!presses) return { error: TEXTS.failed('press key', `unknown key ${r.text.slice(0, 40)}`) };
      try {
        for (const [i, p] of presses.entries()) {
          if (i > 0) await ops.sleep(ACTION_DELAY_MS);
          await ops.key(tabId, p);
        }
        return { text: `Pressed ${r.text}` };
      } catch (err) {
        return { error: TEXTS.failed('press key', reasonOf(err)) };
      }
    }
    case 'scroll': {
      const ticks = Math.max(1, Math.min(50, Math.round(r.ticks ?? SCROLL_TICKS_DEFAULT)));
      const dir = r.direction ?? 'down';
      const dx = dir === 'left' ? -SCROLL_TICK_PX : dir === 'right' ? SCROLL_TICK_PX : 0;
      const dy = dir === 'up' ? -SCROLL_TICK_PX : dir === 'down' ? SCROLL_TICK_PX : 0;
      try {
        const at = r.target ? await onPage<Point>(ops, tabId, { name: 'locate', target: r.target }) : await ops.viewportCentre(tabId);
        for (let i = 0; i < ticks; i++) {
          if (i > 0) await ops.sleep(ACTION_DELAY_MS);
          await ops.mouse(tabId, { type: 'mouseWheel', x: at.x, y: at.y, deltaX: dx, deltaY: dy });
        }
        return { text: `Scrolled ${dir} ${ticks * SCROLL_TICK_PX} px` };
      } catch (err) {
        return { error: TEXTS.failed('scroll', reasonOf(err)) };
      }
    }
    case 'wait': {
      const seconds = Math.max(0, Math.min(WAIT_MAX_SECONDS, r.seconds ?? WAIT_DEFAULT_SECONDS));
      await ops.sleep(seconds * 1000);
      return { text: `Waited ${seconds} s` };
    }
    case 'screenshot': {
      try {
        const url = await ops.tabUrl(tabId);
        if (!screenshotAllowed(url)) return { error: 'Screenshots are not taken of browser-internal pages' };
        return { screenshot: await ops.screenshot(tabId) };
      } catch (err) {
        return { error: reasonOf(err) };
      }
    }
    case 'drag': {
      let from: Point;
      try {
        from = await onPage<Point>(ops, tabId, { name: 'locate', target: r.target });
      } catch {
        return { error: TEXTS.failed('drag', TEXTS.startElementNotFound) };
      }
      try {
        const to = await onPage<Point>(ops, tabId, { name: 'locate', target: r.end });
        await ops.mouse(tabId, { type: 'mouseMoved', x: from.x, y: from.y, button: 'none' });
        await ops.mouse(tabId, { type: 'mousePressed', x: from.x, y: from.y, button: 'left', clickCount: 1 });
        await ops.sleep(ACTION_DELAY_MS);
        await ops.mouse(tabId, { type: 'mouseMoved', x: to.x, y: to.y, button: 'left' });
        await ops.sleep(ACTION_DELAY_MS);
        await ops.mouse(tabId, { type: 'mouseReleased', x: to.x, y: to.y, button: 'left', clickCount: 1 });
        return { text: `Dragged to ${to.x},${to.y}` };
      } catch (err) {
        return { error: TEXTS.failed('drag', reasonOf(err)) };
      }
    }
    default:
      return { error: TEXTS.unknownAction };
  }
}
