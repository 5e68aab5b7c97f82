/// <reference types="chrome" />
// The agent socket from the extension's side (spec/agent.asyncapi.yaml): one socket.io connection
// to the app's /agent namespace, authenticated by the agent token the web app handed over,
// reconnecting 1 s after it drops (and starting its live tasks again, which the server takes as a
// reconnect). Each request runs once (a repeated request id gets the same reply); a task's end
// (complete, stopped, failed) cleans up once: the agent's own tabs close and the debugger lets go.
import { io, type Socket } from 'socket.io-client';
import type {
  AgentComplete,
  AgentError,
  AgentFailed,
  AgentNeedsConfirmation,
  AgentPauseState,
  AgentRequest,
  AgentStep,
  MethodResponse,
  StartAgent,
  TaskRef,
} from '../../../generated/agent/messages.gen';
import { RECONNECT_RETRY_MS } from '../shared/limits';
import { TEXTS } from '../shared/texts';
import { offeredTabs } from './navigation';
import { runMethod, type TabOps } from './rpc';
import { detachAll } from './tab-ops';

export type TaskStatus = 'starting' | 'running' | 'paused' | 'awaiting_confirmation' | 'completed' | 'stopped' | 'failed';
export type TaskView = {
  task_uuid: string;
  task: string;
  status: TaskStatus;
  steps: { step: number; summary: string; error?: string }[];
  pending?: AgentNeedsConfirmation;
  summary?: string;
  failure?: string;
  origin: string;
};
export type ConnectionView = { origin: string | null; connected: boolean; problem: string | null; hasToken: boolean };

type Task = TaskView & { currentTab: number; ownTabs: number[]; cleaned: boolean; url: string };

const ENDED: TaskStatus[] = ['completed', 'stopped', 'failed'];
const REPLIES_KEPT = 200;

export class AgentClient {
  private socket: Socket | null = null;
  private origin: string | null = null;
  private token: string | null = null;
  private problem: string | null = null;
  private readonly tasks = new Map<string, Task>();
  private readonly replies = new Map<string, Promise<MethodResponse>>();

  constructor(
    private readonly ops: TabOps,
    private readonly onChange: () => void,
    /** Tells the person, wherever they are, that an action waits for them. */
    private readonly onNeedsConfirmation: (task: string, what: string) => void = () => undefined,
  ) {}

  view(): { connection: ConnectionView; tasks: TaskView[] } {
    return {
      connection: { origin: this.origin, connected: this.socket?.connected ?? false, problem: this.problem, hasToken: this.token !== null },
      tasks: [...this.tasks.values()].map(({ currentTab: _c, ownTabs: _o, cleaned: _d, url: _u, ...view }) => view).reverse(),
    };
  }

  /** The web app's hand-over: where the app is and a fresh token. A dropped socket tries again with it. */
  setCredentials(origin: string, token: string) {
    if (this.origin !== origin) this.disconnect();
    this.origin = origin;
    this.token = token;
    if (this.problem && this.socket && !this.socket.connected) this.socket.connect();
    this.problem = null;
    this.onChange();
  }

  forgetCredentials() {
    this.token = null;
    this.onChange();
  }

  /** Starts a task in a tab: the agent's own tab (closed at the end) or the person's. */
  start(task: string, tab: { id: number; url: string; own: boolean }): string {
    if (!this.origin || !this.token) throw new Error('not_connected');
    const uuid = crypto.randomUUID();
    this.tasks.set(uuid, {
      task_uuid: uuid,
      task,
      status: 'starting',
      steps: [],
      origin: this.origin,
      currentTab: tab.id,
      ownTabs: tab.own ? [tab.id] : [],
      cleaned: false,
      url: tab.url,
    });
    const socket = this.ensureSocket();
    if (socket.connected) void this.sendStart(this.tasks.get(uuid)!);
    this.onChange();
    return uuid;
  }

  control(event: 'pause_agent' | 'resume_agent' | 'stop_agent', taskUuid: string) {
    this.socket?.emit(event, { task_uuid: taskUuid } satisfies TaskRef);
  }

  confirm(taskUuid: string, step: number, approved: boolean) {
    this.socket?.emit('confirm_action', { task_uuid: taskUuid, step, approved });
  }

  /** A task's tabs: the one it works in and those it opened (the bridge's task tabs). */
  tabsOf(taskUuid: string): number[] | null {
    const t = this.tasks.get(taskUuid);
    return t ? [...new Set([t.currentTab, ...t.ownTabs])] : null;
  }

  /** External cleanup (the web app's): the task stops and cleans up, once. */
  async cleanupTask(taskUuid: string): Promise<boolean> {
    const t = this.tasks.get(taskUuid);
    if (!t) return false;
    if (!ENDED.includes(t.status)) {
      this.control('stop_agent', taskUuid);
      t.status = 'stopped';
    }
    await this.cleanup(t);
    return true;
  }

  private live = () => [...this.tasks.values()].filter((t) => !ENDED.includes(t.status));

  private ensureSocket(): Socket {
    if (this.socket) {
      if (!this.socket.connected && !this.socket.active) this.socket.connect();
      return this.socket;
    }
    const socket = io(`${this.origin}/agent`, {
      // A service worker has WebSocket but no XMLHttpRequest.
      transports: ['websocket'],
      reconnectionDelay: RECONNECT_RETRY_MS,
      reconnectionDelayMax: RECONNECT_RETRY_MS,
      randomizationFactor: 0,
      auth: (cb) => cb({ token: this.token }),
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.problem = null;
      for (const t of this.live()) void this.sendStart(t);
      this.onChange();
    });
    socket.on('disconnect', () => this.onChange());
    socket.on('connect_error', (err) => {
      // Refused by the server (token expired): it waits for a fresh token from the web app.
      if (!socket.active) this.problem = err.message === 'unauthenticated' ? 'Open the app, signed in, to connect the extension again.' : err.message;
      this.onChange();
    });
    socket.on('request', (req: AgentRequest) => this.answer(req));
    socket.on('agent_started', (m: { task_uuid: string }) => this.update(m.task_uuid, (t) => (t.status = 'running')));
    socket.on('agent_step', (m: AgentStep) =>
      this.update(m.task_uuid, (t) => {
        t.steps = [...t.steps.filter((s) => s.step !== m.step), { step: m.step, summary: m.summary, ...(m.error ? { error: m.error } : {}) }];
        if (t.status === 'awaiting_confirmation' && t.pending?.step !== m.step) t.pending = undefined;
      }),
    );
    socket.on('agent_paused', (m: AgentPauseState) => this.update(m.task_uuid, (t) => (t.status = 'paused')));
    socket.on('agent_resumed', (m: AgentPauseState) => this.update(m.task_uuid, (t) => (t.status = 'running')));
    socket.on('agent_needs_confirmation', (m: AgentNeedsConfirmation) =>
      this.update(m.task_uuid, (t) => {
        t.status = 'awaiting_confirmation';
        t.pending = m;
        this.onNeedsConfirmation(t.task, m.description ?? m.method);
      }),
    );
    socket.on('agent_complete', (m: AgentComplete) => this.finish(m.task_uuid, 'completed', (t) => (t.summary = m.summary)));
    socket.on('agent_stopped', (m: TaskRef) => this.finish(m.task_uuid, 'stopped'));
    socket.on('agent_failed', (m: AgentFailed) => this.finish(m.task_uuid, 'failed', (t) => (t.failure = m.message || TEXTS.taskFailure)));
    socket.on('agent_error', (m: AgentError) => {
      this.problem = m.message;
      this.onChange();
    });
    return socket;
  }

  private async sendStart(t: Task) {
    const tabs = await this.ops.tabs().catch(() => []);
    const start: StartAgent = {
      task: t.task,
      task_uuid: t.task_uuid,
      extension_version: chrome.runtime.getManifest().version,
      url: t.url,
      tabs_context: { current_tab_id: t.currentTab, tabs: offeredTabs(tabs, t.currentTab) },
      extra_headers: {},
      client_start_time_ms: Date.now(),
    };
    this.socket?.emit('start_agent', start);
  }

  private answer(req: AgentRequest) {
    const task = [...this.tasks.values()].find((t) => typeof req.request_id === 'string' && req.request_id.startsWith(t.task_uuid)) ?? this.live()[0];
    let reply = this.replies.get(req.request_id);
    if (!reply) {
      reply = task
        ? runMethod(req, this.ops, {
            currentTab: task.currentTab,
            adopt: (tabId) => {
              task.currentTab = tabId;
              task.ownTabs.push(tabId);
            },
            // The server ends the task on this reply (agent_complete); cleanup waits for that.
            reportComplete: () => undefined,
          })
        : Promise.resolve({ error: TEXTS.taskFailure });
      this.replies.set(req.request_id, reply);
      if (this.replies.size > REPLIES_KEPT) this.replies.delete(this.replies.keys().next().value!);
    }
    void reply.then((response) => this.socket?.emit('rpc_response', { request_id: req.request_id, response }));
  }

  private update(uuid: string, change: (t: Task) => void) {
    const t = this.tasks.get(uuid);
    if (!t) return;
    change(t);
    this.onChange();
  }

  /** The task's end: recorded, then cleanup once (its own tabs close); the socket closes with the last task. */
  private finish(uuid: string, status: TaskStatus, change?: (t: Task) => void) {
    const t = this.tasks.get(uuid);
    if (!t) return;
    t.status = status;
    t.pending = undefined;
    change?.(t);
    this.onChange();
    void this.cleanup(t);
  }

  async cleanup(t: Task) {
    if (t.cleaned) return;
    t.cleaned = true;
    if (t.ownTabs.length) await chrome.tabs.remove(t.ownTabs).catch(() => undefined);
    if (this.live().length === 0) {
      await detachAll();
      this.disconnect();
    }
    this.onChange();
  }

  /** Teardown (sign-out, another app): every live task is cleaned up and the socket closes. */
  async cleanupAll() {
    for (const t of this.live()) {
      this.control('stop_agent', t.task_uuid);
      t.status = 'stopped';
      await this.cleanup(t);
    }
    this.disconnect();
  }

  private disconnect() {
    this.socket?.removeAllListeners();
    this.socket?.close();
    this.socket = null;
  }
}
