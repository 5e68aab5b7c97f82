// One agent task's loop, run by its durable workflow (workflows/agent-task.ts), which hands it the
// durable primitives: `step` records what it returns (a model turn, a read of the task, a request
// sent) so a restarted task replays them instead of doing them again, and `recv` waits for what
// the socket and the REST calls tell the task. Each turn: the model asks for up to N actions;
// each action waits while the task is paused, waits for the person when it needs confirming, is
// sent to the extension as a request, and is recorded as a step with its outcome. Bounded by the
// step limit and the consecutive-failure limit; page text reaches the model as untrusted data.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { DomainError } from '../shared/domain-error.js';
import type { EventStore } from '../eventstore/store.js';
import type { Logger } from 'pino';
import type { AgentMethod } from '../../generated/agent/messages.gen.js';
import { confirmationFor, elementLabels, hostOf } from './confirmation.js';
import type { AgentSignal } from './context.js';
import { type AgentBounds, decideAskConfirmation, decideComplete, decideFail, decideStep, nextStepAllowed, type StepRecord } from './decide.js';
import { AGENT_TEXTS } from './errors.js';
import { type AgentTaskStarted, type AgentTaskState, agentTaskStream, FINISHED } from './events.js';
import type { AgentMessage, AgentModel, AgentTurn, OfferedTool } from './model.js';
import type { AgentOutbox } from './outbox.js';
import { agentSystemPrompt, toolResultText, untrusted } from './prompt.js';
import { agentRequestId } from './request-ids.js';
import { checkMethodInput, isAgentMethod } from './tools.js';
import { changeAgentTask, readAgentTask } from './use-cases.js';

/** Sends of one request without a reply before the task fails. */
const MAX_SENDS = 20;

export type Durable = {
  step: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  recv: (timeoutSeconds: number) => Promise<AgentSignal | null>;
  /**
   * One step: `send`, then a short wait for a signal (a reply usually comes within it), then
   * `settle` with what came (the loop records the step when its reply did). A replay returns what
   * was kept without sending; a crash before the step was kept sends (and settles) again.
   */
  sendThenWait: <T, S>(
    send: () => T,
    settle: (sent: T, signal: AgentSignal | null) => Promise<S>,
  ) => Promise<{ sent: T; signal: AgentSignal | null; settled: S }>;
};

export type AgentLoopDeps = {
  store: EventStore;
  db: Db;
  now: () => Date;
  logger: Logger;
  outbox: AgentOutbox;
  /** Signs request ids (the socket checks replies with it). */
  requestSecret: string;
  bounds: AgentBounds & { replyWaitSeconds: number; modelTimeoutMs: number };
  /** The configured model; null: the task fails saying the agent needs one. */
  model: AgentModel | null;
  siteInstructions: (userId: string) => Promise<{ domain: string; instructions: string }[]>;
  /** The person's enabled tools from their tool servers (services/tools), offered beside the browser methods; null: none. */
  tools?: (userId: string, taskUuid: string) => Promise<AgentToolbox | null>;
};

/** One tool call's outcome: the text for the model, and what the task keeps of it. */
export type AgentToolRun = {
  text: string;
  call_id: string | null;
  server_name: string | null;
  tool_name: string | null;
  status: string;
  result: string | null;
};
/** The person's tools for one task: a call asked under an id kept by the loop, so a restart resumes the same call. */
export type AgentToolbox = {
  tools: OfferedTool[];
  runAs: (callId: string, name: string, args: unknown, signal: AbortSignal) => Promise<AgentToolRun>;
};

/** The longest a tool call may wait for the person and run before the task goes on without it. */
const TOOL_CALL_MAX_MS = 15 * 60_000;
/** How often a tool call waiting for the person looks whether the task was stopped meanwhile. */
const TOOL_CALL_WATCH_MS = 1000;

type Task = NonNullable<AgentTaskState['task']>;
type Outcome = 'completed' | 'stopped' | 'failed';

export async function runAgentTask(deps: AgentLoopDeps, durable: Durable, taskUuid: string): Promise<Outcome | 'missing'> {
  const start = await durable.step('start', () => startOf(deps, taskUuid));
  if (!start) return 'missing';
  const emit = (event: string, payload: Record<string, unknown>) =>
    durable.step('emit', async () => deps.outbox.emit(taskUuid, event, { task_uuid: taskUuid, ...payload }));
  /** Sends a request; when it was sent (kept by the step, so a replayed send keeps its first time). */
  const sendRequest = (payload: { request_id: string; method: AgentMethod; request: Record<string, unknown> }) =>
    durable.step('send', async () => {
      deps.outbox.emit(taskUuid, 'request', payload);
      return Date.now();
    });
  const read = () => durable.step('read', () => readAgentTask(deps.store, taskUuid));
  const fail = async (message: string) => {
    await durable.step('fail', () => changeAgentTask(deps.store, taskUuid, (s) => decideFail(s, { taskUuid, message, now: deps.now() })).then(() => null));
    await emit('agent_failed', { message });
    return 'failed' as const;
  };
  if (!deps.model) return fail(AGENT_TEXTS.needsModel);
  const model = deps.model;

  const allInstructions = await durable.step('site-instructions', () => deps.siteInstructions(start.owner_id));
  const instructionsFor = (host: string | null) => (host ? allInstructions.filter((s) => host === s.domain || host.endsWith(`.${s.domain}`)) : []);
  const startHost = hostOf(start.url);
  const taskHosts = startHost ? [startHost] : [];
  const system = agentSystemPrompt(instructionsFor(startHost));
  const history: AgentMessage[] = [{ role: 'user', content: `Task: ${start.task}\n\nThe current tab's address: ${untrusted(start.url)}` }];
  // The person's tools: offered by the names the toolbox gives them (never a browser method's).
  const toolbox = deps.tools ? await deps.tools(start.owner_id, taskUuid).catch(() => null) : null;
  const offered = await durable.step('tools', async () => (toolbox?.tools ?? []).filter((t) => !isAgentMethod(t.name)));
  const offeredNames = new Set(offered.map((t) => t.name));
  let labels = new Map<number, string>();
  let pausedShown = false;
  /** The task as the last recorded step left it: the next turn starts from it without reading it again. */
  let lastRecorded: Task | null = null;

  /** The task once it may act: waits while it is paused (telling the extension once each way). */
  const whenActive = async (): Promise<Task | Outcome> => {
    for (;;) {
      const { task } = await read();
      if (!task) return 'failed';
      if (task.status === 'stopped') return 'stopped';
      if (FINISHED.includes(task.status)) return task.status as Outcome;
      if (task.status !== 'paused') {
        if (pausedShown) await emit('agent_resumed', { is_paused: false });
        pausedShown = false;
        return task;
      }
      if (!pausedShown) await emit('agent_paused', { is_paused: true });
      pausedShown = true;
      await durable.recv(deps.bounds.replyWaitSeconds);
    }
  };

  type Kept = Pick<StepRecord, 'roundTripMs' | 'toolCall' | 'screenshot'>;
  /** Records a step and tells the extension (a repeat after a crash appends nothing and tells again); the task as it left it. */
  const recordNow = async (step: number, method: string, summary: string, error: string | null, kept: Kept = {}) => {
    const { state } = await changeAgentTask(deps.store, taskUuid, (s) => decideStep(s, { taskUuid, step, method, summary, error, ...kept, now: deps.now() }));
    deps.outbox.emit(taskUuid, 'agent_step', {
      task_uuid: taskUuid,
      step,
      method: isAgentMethod(method) || method === 'tool' || method === 'model' ? method : 'unknown',
      summary,
      ...(error ? { error } : {}),
    });
    return state.task;
  };
  const record = async (step: number, method: string, summary: string, error: string | null, kept: Kept = {}) => {
    lastRecorded = await durable.step('record', () => recordNow(step, method, summary, error, kept));
  };

  /**
   * Sends a request and waits for its reply, sending again when the extension reconnects or is
   * silent, and records the step with the reply (`recordReply`). Its round trip: from the last
   * send until the loop has the reply. A reply within the send's own step is recorded in that
   * step: a round trip costs one step's database work, not two.
   */
  const ask = async (
    step: number,
    method: AgentMethod,
    request: Record<string, unknown>,
    recordReply: (response: Record<string, unknown>, roundTripMs: number) => Promise<Task | null>,
  ): Promise<Record<string, unknown> | Outcome> => {
    const requestId = agentRequestId(deps.requestSecret, taskUuid, step);
    const roundTrip = (signal: { received_at?: number }, sentAt: number) => Math.max(0, (signal.received_at ?? Date.now()) - sentAt);
    for (let sends = 1; sends <= MAX_SENDS; sends++) {
      const {
        sent: sentAt,
        signal: first,
        settled,
      } = await durable.sendThenWait(
        () => {
          deps.outbox.emit(taskUuid, 'request', { request_id: requestId, method, request });
          return Date.now();
        },
        async (sent, signal) =>
          signal?.kind === 'reply' && signal.request_id === requestId ? { task: await recordReply(signal.response, roundTrip(signal, sent)) } : null,
      );
      if (settled && first?.kind === 'reply') {
        lastRecorded = settled.task;
        return first.response;
      }
      let next: AgentSignal | null = first;
      for (;;) {
        const signal = next ?? (await durable.recv(deps.bounds.replyWaitSeconds));
        next = null;
        if (!signal || signal.kind === 'connected') break;
        if (signal.kind === 'reply' && signal.request_id === requestId) {
          const { response } = signal;
          lastRecorded = await durable.step('record', () => recordReply(response, roundTrip(signal, sentAt)));
          return response;
        }
        if (signal.kind === 'changed') {
          const { task } = await read();
          if (!task || task.status === 'stopped') return 'stopped';
        }
      }
    }
    return fail(AGENT_TEXTS.taskFailure);
  };

  /**
   * A call to one of the person's tools: through the tool servers' approval flow (it waits for
   * the person unless they let the tool run by itself), kept on the task as a step with its
   * arguments and result. The call's id is kept first, so a restart resumes the same call.
   */
  const callTool = async (step: number, call: AgentTurn['calls'][number]): Promise<string> => {
    const callId = await durable.step('tool-call-id', async () => randomUUID());
    // A call that cannot even be asked (the tool turned off meanwhile) is a failed step, not a failed task.
    const run = await durable.step('tool-call', () =>
      untilEnded(deps.store, taskUuid, (signal) => toolbox!.runAs(callId, call.name, call.input, signal)).catch((err): AgentToolRun => {
        deps.logger.warn({ err }, 'agent tool call could not be made');
        const why = err instanceof DomainError ? err.message : 'The tool call failed.';
        return { text: `The tool call failed: ${why}`, call_id: null, server_name: null, tool_name: null, status: 'failed', result: why };
      }),
    );
    const failed = run.status === 'done' ? null : (run.result ?? 'The tool call failed.').slice(0, 2000);
    await record(step, 'tool', `${run.server_name ?? 'Tool'} · ${run.tool_name ?? call.name.slice(0, 100)}`, failed, {
      toolCall: {
        call_id: run.call_id ?? callId,
        server_name: run.server_name ?? '',
        tool_name: run.tool_name ?? call.name.slice(0, 100),
        arguments: call.input ?? {},
        status: run.status,
        result: run.result,
      },
    });
    return run.text;
  };

  /** One action the model asked for: its result for the model, or how the task ended. */
  const act = async (call: AgentTurn['calls'][number], fresh: Task | null): Promise<string | Outcome> => {
    // The task as read just after the model answered, when it may act; else read (and wait) again.
    const task = fresh && fresh.status !== 'paused' && !FINISHED.includes(fresh.status) ? fresh : await whenActive();
    if (typeof task === 'string') return task;
    const step = task.steps;
    if (!call.name) {
      await record(step, 'unknown', 'No method', AGENT_TEXTS.noMethod);
      return `Error: ${AGENT_TEXTS.noMethod}`;
    }
    if (toolbox && offeredNames.has(call.name)) return callTool(step, call);
    if (!isAgentMethod(call.name)) {
      const error = AGENT_TEXTS.unknownMethod(call.name.slice(0, 100));
      await record(step, 'unknown', call.name.slice(0, 100), error);
      return `Error: ${error}`;
    }
    const method = call.name;
    const checked = checkMethodInput(method, call.input);
    if (!checked.ok) {
      await record(step, method, `${method} refused`, checked.why);
      return `Error: ${checked.why}`;
    }
    const { request } = checked;
    const summary = summaryOf(method, request);
    if (method === 'ReportTaskComplete') {
      const text = String(request.summary ?? '').slice(0, 10_000);
      await record(step, method, 'Task complete', null);
      await sendRequest({ request_id: agentRequestId(deps.requestSecret, taskUuid, step), method, request });
      await durable.step('complete', () =>
        changeAgentTask(deps.store, taskUuid, (s) => decideComplete(s, { taskUuid, summary: text, now: deps.now() })).then(() => null),
      );
      await emit('agent_complete', { summary: text });
      return 'completed';
    }
    const confirmation = confirmationFor({ method, request, taskHosts, labelOf: (n) => labels.get(n) });
    if (confirmation && task.confirmed[step] === undefined) {
      await durable.step('ask-confirmation', () =>
        changeAgentTask(deps.store, taskUuid, (s) => decideAskConfirmation(s, { taskUuid, step, method, ...confirmation, now: deps.now() })).then(() => null),
      );
      await emit('agent_needs_confirmation', { step, method, ...confirmation });
    }
    let confirmed = task.confirmed[step];
    while (confirmation && confirmed === undefined) {
      await durable.recv(deps.bounds.replyWaitSeconds);
      const { task: now } = await read();
      if (!now || now.status === 'stopped') return 'stopped';
      if (FINISHED.includes(now.status)) return now.status as Outcome;
      confirmed = now.confirmed[step];
    }
    if (confirmed === false) {
      await record(step, method, summary, 'Declined by the person.');
      return 'The person declined this action. Do not try it, or anything to the same end, another way.';
    }
    // Confirmed: once more, the task must not have been paused or stopped while it waited.
    if (confirmation) {
      const still = await whenActive();
      if (typeof still === 'string') return still;
    }
    if (confirmed && (method === 'Navigate' || method === 'TabsCreate')) {
      const host = hostOf(String(request.url ?? ''));
      if (host && !taskHosts.includes(host)) taskHosts.push(host);
    }
    if (method === 'Computer' && request.action === 'screenshot') await emit('agent_screenshot_progress', { step });
    const errorOf = (response: Record<string, unknown>) => (typeof response.error === 'string' && response.error ? response.error.slice(0, 2000) : null);
    const response = await ask(step, method, request, (reply, roundTripMs) => {
      const error = errorOf(reply);
      const shot = reply.screenshot as StepRecord['screenshot'] | undefined;
      return recordNow(step, method, summary, error, { roundTripMs, ...(shot && !error ? { screenshot: shot } : {}) });
    });
    if (typeof response === 'string') return response;
    const error = errorOf(response);
    if (method === 'ReadPage' && !error && typeof response.text === 'string') labels = elementLabels(response.text);
    let result = toolResultText(response);
    if (method === 'Navigate' && !error) {
      const extra = instructionsFor(hostOf(String(request.url ?? '')));
      if (extra.length) result += `\n\nThe person's instructions for this site: ${extra.map((s) => s.instructions).join('\n')}`;
    }
    return result;
  };

  const ended = async (outcome: Outcome) => {
    if (outcome === 'stopped') await emit('agent_stopped', {});
    return outcome;
  };
  for (;;) {
    // A running task as its last step left it needs no read (one step's database work fewer a
    // turn): a pause or stop since then is seen in the model's step, before the turn's first action.
    // (The cast: record() sets it inside a closure, which the compiler's narrowing does not see.)
    const recorded = lastRecorded as Task | null;
    const task = recorded?.status === 'running' ? recorded : await whenActive();
    lastRecorded = null;
    if (typeof task === 'string') return ended(task);
    const allowed = nextStepAllowed(task, deps.bounds);
    if (!allowed.ok) return fail(allowed.why);
    // The task is read again in the model's step, once it answered: a pause or stop meanwhile is
    // seen before the first action, without a step of its own.
    const { turn, after } = await durable.step('model', async () => {
      const answered = await askModel(deps, model, system, history, offered);
      return { turn: answered, after: (await readAgentTask(deps.store, taskUuid)).task };
    });
    if ('error' in turn) {
      await record(task.steps, 'model', 'The model did not answer', turn.error);
      continue;
    }
    if (!turn.calls.length) {
      history.push({ role: 'assistant', text: turn.text, calls: [] });
      history.push({ role: 'user', content: 'Act with a tool, or call ReportTaskComplete when the task is done.' });
      await record(task.steps, 'model', 'The model answered without acting', 'No action asked for.');
      continue;
    }
    const calls = turn.calls.slice(0, deps.bounds.maxActionsPerStep);
    history.push({ role: 'assistant', text: turn.text, calls: turn.calls });
    const results: { id: string; name: string; text: string }[] = [];
    for (const [i, call] of calls.entries()) {
      const result = await act(call, i === 0 ? after : null);
      if (result === 'completed' || result === 'stopped' || result === 'failed') return ended(result);
      results.push({ id: call.id, name: call.name, text: result });
    }
    for (const extra of turn.calls.slice(calls.length))
      results.push({ id: extra.id, name: extra.name, text: `Not run: at most ${deps.bounds.maxActionsPerStep} actions a turn.` });
    history.push({ role: 'tool', results });
  }
}

/** Runs `fn` with a signal that aborts when the task ends (stopped from the web app or the extension) or after TOOL_CALL_MAX_MS. */
async function untilEnded<T>(store: EventStore, taskUuid: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ended = new AbortController();
  const watch = setInterval(() => {
    void readAgentTask(store, taskUuid)
      .then(({ task }) => {
        if (!task || FINISHED.includes(task.status)) ended.abort();
      })
      .catch(() => {});
  }, TOOL_CALL_WATCH_MS);
  try {
    return await fn(AbortSignal.any([ended.signal, AbortSignal.timeout(TOOL_CALL_MAX_MS)]));
  } finally {
    clearInterval(watch);
  }
}

async function startOf(deps: AgentLoopDeps, taskUuid: string) {
  const events = await deps.store.readStream(agentTaskStream(taskUuid));
  const started = events.find((e) => e.type === 'AgentTaskStarted');
  return started ? (started.data as AgentTaskStarted['data']) : null;
}

async function askModel(
  deps: AgentLoopDeps,
  model: AgentModel,
  system: string,
  history: AgentMessage[],
  offered: readonly OfferedTool[],
): Promise<AgentTurn | { error: string }> {
  try {
    return await model.turn(system, history, AbortSignal.timeout(deps.bounds.modelTimeoutMs), offered);
  } catch (err) {
    deps.logger.warn({ err }, 'agent model turn failed');
    return { error: AGENT_TEXTS.taskFailure };
  }
}

/** A step as the person reads it: the method and what it acted on, never page text. */
function summaryOf(method: AgentMethod, request: Record<string, unknown>) {
  const target = request.target as { element?: number; ref?: string } | undefined;
  const on = target?.element !== undefined ? ` element ${target.element}` : target?.ref ? ` ${target.ref.slice(0, 100)}` : '';
  if (method === 'Computer') return `${String(request.action)}${on}`;
  if (method === 'Navigate' || method === 'TabsCreate') return `${method} ${String(request.url ?? '').slice(0, 200)}`;
  if (method === 'FormInput') return `Fill in${on}`;
  return method;
}
