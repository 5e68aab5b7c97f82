// The agent loop's bounds and its plain failure without a model, with the durable parts played
// in memory: an event store of arrays, steps run at once, and an extension that answers every
// request the moment it is sent (scripted per test).
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import type { EventStore } from '../eventstore/store.js';
import type { StoredEvent } from '../eventstore/types.js';
import type { AgentSignal } from './context.js';
import { DomainError } from '../shared/domain-error.js';
import { AGENT_TEXTS } from './errors.js';
import { agentTaskStream } from './events.js';
import { type AgentLoopDeps, type AgentToolbox, runAgentTask } from './loop.js';
import type { AgentModel } from './model.js';

const T = '3f2a4c1e-8b7d-4e2a-9c1f-2b3d4e5f6a7b';

function memoryStore() {
  const streams = new Map<string, StoredEvent[]>();
  const readStream = async (id: string) => streams.get(id) ?? [];
  const store = {
    readStream,
    aggregate: async <S>(id: string, initial: S, evolve: (s: S, e: StoredEvent) => S) => {
      const events = await readStream(id);
      return { state: events.reduce(evolve, initial), version: events.length };
    },
    append: async (id: string, expected: number, events: { type: string; data: unknown }[]) => {
      const now = streams.get(id) ?? [];
      if (expected !== now.length) throw new Error('version');
      const stored = events.map(
        (e, i) => ({ ...e, streamId: id, streamVersion: now.length + i + 1, globalPosition: '0', metadata: {}, recordedAt: new Date() }) as StoredEvent,
      );
      streams.set(id, [...now, ...stored]);
      return { nextVersion: now.length + events.length, events: stored };
    },
  };
  return { store: store as unknown as EventStore, types: () => (streams.get(agentTaskStream(T)) ?? []).map((e) => e.type), streams };
}

function harness(opts: {
  model: AgentModel | null;
  reply?: (method: string) => Record<string, unknown>;
  bounds?: Partial<AgentLoopDeps['bounds']>;
  tools?: AgentToolbox;
}) {
  const { store, types, streams } = memoryStore();
  const sent: { event: string; payload: Record<string, unknown> }[] = [];
  const inbox: AgentSignal[] = [];
  const deps: AgentLoopDeps = {
    store,
    db: {} as AgentLoopDeps['db'],
    now: () => new Date(0),
    logger: pino({ level: 'silent' }),
    outbox: {
      bind: () => {},
      emit: (_t, event, payload) => {
        sent.push({ event, payload });
        if (event === 'request' && opts.reply)
          inbox.push({ kind: 'reply', request_id: String(payload.request_id), response: opts.reply(String(payload.method)) });
      },
    },
    requestSecret: 's',
    bounds: { maxSteps: 50, maxConsecutiveFailures: 3, maxActionsPerStep: 5, replyWaitSeconds: 1, modelTimeoutMs: 1000, ...opts.bounds },
    model: opts.model,
    siteInstructions: async () => [{ domain: 'flights.example.com', instructions: 'Prefer morning flights.' }],
    ...(opts.tools ? { tools: async () => opts.tools ?? null } : {}),
  };
  const durable = {
    step: <R>(_n: string, fn: () => Promise<R>) => fn(),
    recv: async () => inbox.shift() ?? null,
    sendThenWait: async <R, S>(send: () => R, settle: (sent: R, signal: AgentSignal | null) => Promise<S>) => {
      const sent = send();
      const signal = inbox.shift() ?? null;
      return { sent, signal, settled: await settle(sent, signal) };
    },
  };
  const started = {
    type: 'AgentTaskStarted',
    data: { task_uuid: T, owner_id: 'ada', task: 'find a flight', url: 'https://flights.example.com/', extension_version: '1', started_at: '' },
  };
  streams.set(agentTaskStream(T), [
    { ...started, streamId: agentTaskStream(T), streamVersion: 1, globalPosition: '0', metadata: {}, recordedAt: new Date() } as StoredEvent,
  ]);
  return { run: () => runAgentTask(deps, durable, T), sent, types, streams };
}

const always =
  (...calls: { name: string; input: unknown }[]): AgentModel['turn'] =>
  async () => ({ text: '', calls: calls.map((c, i) => ({ id: `c${i}`, ...c })) });
const wait = { name: 'Computer', input: { action: 'wait', seconds: 0 } };

describe('runAgentTask', () => {
  test('without a model the task fails saying plainly that the agent needs one', async () => {
    const h = harness({ model: null });
    expect(await h.run()).toBe('failed');
    expect(h.types()).toEqual(['AgentTaskStarted', 'AgentTaskFailed']);
    expect(h.sent).toEqual([{ event: 'agent_failed', payload: { task_uuid: T, message: AGENT_TEXTS.needsModel } }]);
    expect(AGENT_TEXTS.needsModel).toMatch(/needs a model/);
  });

  test('the step limit ends the task as a failure, saying why', async () => {
    const h = harness({ model: { turn: always(wait) }, reply: () => ({ text: 'ok' }), bounds: { maxSteps: 3 } });
    expect(await h.run()).toBe('failed');
    expect(h.types().filter((t) => t === 'AgentStepRecorded')).toHaveLength(3);
    expect(h.sent.at(-1)).toEqual({ event: 'agent_failed', payload: { task_uuid: T, message: 'The agent stopped after 3 steps without finishing.' } });
  });

  test('failed steps in a row end the task; the extension’s error reaches the model', async () => {
    const seen: string[] = [];
    const model: AgentModel = {
      turn: async (_s, history) => {
        const last = history.at(-1);
        if (last?.role === 'tool') seen.push(last.results[0].text);
        return { text: '', calls: [{ id: 'c', name: 'Computer', input: { action: 'left_click', target: { element: 9 } } }] };
      },
    };
    const h = harness({ model, reply: () => ({ error: 'Failed to click: not found' }), bounds: { maxConsecutiveFailures: 2 } });
    expect(await h.run()).toBe('failed');
    expect(seen).toEqual(['Error: Failed to click: not found']);
    expect(h.sent.at(-1)?.payload.message).toBe('The agent stopped after 2 failed steps in a row.');
  });

  test('a turn asking for more actions than allowed runs only the first ones', async () => {
    let turns = 0;
    let results: string[] = [];
    const model: AgentModel = {
      turn: async (_s, history) => {
        turns++;
        const last = history.at(-1);
        if (last?.role === 'tool') {
          results = last.results.map((r) => r.text);
          return { text: '', calls: [{ id: 'd', name: 'ReportTaskComplete', input: { summary: 'done' } }] };
        }
        return { text: '', calls: [wait, wait, wait].map((c, i) => ({ id: `c${i}`, ...c })) };
      },
    };
    const h = harness({ model, reply: () => ({ text: 'ok' }), bounds: { maxActionsPerStep: 2 } });
    expect(await h.run()).toBe('completed');
    expect(turns).toBe(2);
    expect(h.sent.filter((s) => s.event === 'request').map((s) => s.payload.method)).toEqual(['Computer', 'Computer', 'ReportTaskComplete']);
    expect(results[2]).toBe('Not run: at most 2 actions a turn.');
  });

  test('the site’s instructions reach the model on a matching site', async () => {
    let system = '';
    const model: AgentModel = {
      turn: async (s) => {
        system = s;
        return { text: '', calls: [{ id: 'd', name: 'ReportTaskComplete', input: { summary: 'done' } }] };
      },
    };
    await harness({ model, reply: () => ({}) }).run();
    expect(system).toContain('- flights.example.com: Prefer morning flights.');
  });
});

test('a task stopped between two turns tells the extension it stopped', async () => {
  const h = harness({
    model: {
      turn: async () => {
        // The person stops the task while the model thinks.
        const stream = h.streams.get(agentTaskStream(T))!;
        const stopped = { type: 'AgentTaskStopped', data: { task_uuid: T, owner_id: 'ada', at: '' } };
        h.streams.set(agentTaskStream(T), [
          ...stream,
          { ...stopped, streamId: agentTaskStream(T), streamVersion: stream.length + 1 } as unknown as StoredEvent,
        ]);
        return { text: '', calls: [{ id: 'c', ...wait }] };
      },
    },
    reply: () => ({ text: 'ok' }),
  });
  expect(await h.run()).toBe('stopped');
  expect(h.sent.filter((s) => s.event === 'request')).toEqual([]);
  expect(h.sent.at(-1)).toEqual({ event: 'agent_stopped', payload: { task_uuid: T } });
});

describe('the person’s tools', () => {
  const echo = { name: 't0_echo', description: 'Says it back (from the tool server "Echoes")', inputSchema: { type: 'object' } };

  test('offered beside the browser methods; a call runs through the toolbox under a kept id, and its step keeps it', async () => {
    const offered: string[][] = [];
    const asked: { callId: string; name: string; args: unknown }[] = [];
    const model: AgentModel = {
      turn: async (_s, history, _signal, extra = []) => {
        offered.push(extra.map((t) => t.name));
        return history.at(-1)?.role === 'tool'
          ? { text: '', calls: [{ id: 'd', name: 'ReportTaskComplete', input: { summary: 'done' } }] }
          : { text: '', calls: [{ id: 'c', name: 't0_echo', input: { text: 'hi' } }] };
      },
    };
    const tools: AgentToolbox = {
      tools: [echo],
      runAs: async (callId, name, args) => {
        asked.push({ callId, name, args });
        return { text: '<tool_result>echo: hi</tool_result>', call_id: callId, server_name: 'Echoes', tool_name: 'echo', status: 'done', result: 'echo: hi' };
      },
    };
    const h = harness({ model, reply: () => ({}), tools });
    expect(await h.run()).toBe('completed');
    expect(offered).toEqual([['t0_echo'], ['t0_echo']]);
    expect(asked).toEqual([{ callId: expect.any(String), name: 't0_echo', args: { text: 'hi' } }]);
    const toolStep = h.streams.get(agentTaskStream(T))!.find((e) => e.type === 'AgentStepRecorded' && (e.data as { method: string }).method === 'tool');
    expect(toolStep?.data).toMatchObject({
      summary: 'Echoes · echo',
      error: null,
      tool_call: { call_id: asked[0].callId, server_name: 'Echoes', tool_name: 'echo', arguments: { text: 'hi' }, status: 'done', result: 'echo: hi' },
    });
    // The browser was never asked to run a tool.
    expect(h.sent.filter((s) => s.event === 'request').map((s) => s.payload.method)).toEqual(['ReportTaskComplete']);
  });

  test('a declined call is a failed step, and the model is told', async () => {
    let told = '';
    const model: AgentModel = {
      turn: async (_s, history) => {
        const last = history.at(-1);
        if (last?.role === 'tool') {
          told = last.results[0].text;
          return { text: '', calls: [{ id: 'd', name: 'ReportTaskComplete', input: { summary: 'done' } }] };
        }
        return { text: '', calls: [{ id: 'c', name: 't0_echo', input: {} }] };
      },
    };
    const why = 'The person declined this tool call.';
    const tools: AgentToolbox = {
      tools: [echo],
      runAs: async (callId) => ({ text: why, call_id: callId, server_name: 'Echoes', tool_name: 'echo', status: 'declined', result: why }),
    };
    const h = harness({ model, reply: () => ({}), tools });
    expect(await h.run()).toBe('completed');
    expect(told).toBe(why);
    const toolStep = h.streams.get(agentTaskStream(T))!.find((e) => (e.data as { method?: string }).method === 'tool');
    expect(toolStep?.data).toMatchObject({ error: why, tool_call: { status: 'declined' } });
  });

  test('a call waiting for the person gives up when the task is stopped', async () => {
    const model: AgentModel = { turn: async () => ({ text: '', calls: [{ id: 'c', name: 't0_echo', input: {} }] }) };
    let aborted = false;
    const tools: AgentToolbox = {
      tools: [echo],
      runAs: (callId, _name, _args, signal) => {
        // The person stops the task from the web app while the call waits for their approval.
        const stream = h.streams.get(agentTaskStream(T))!;
        const stopped = { type: 'AgentTaskStopped', data: { task_uuid: T, owner_id: 'ada', at: '' } };
        h.streams.set(agentTaskStream(T), [
          ...stream,
          { ...stopped, streamId: agentTaskStream(T), streamVersion: stream.length + 1 } as unknown as StoredEvent,
        ]);
        return new Promise((resolve) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ text: 'gave up', call_id: callId, server_name: 'Echoes', tool_name: 'echo', status: 'declined', result: 'gave up' });
          }),
        );
      },
    };
    const h = harness({ model, reply: () => ({}), tools });
    expect(await h.run()).toBe('stopped');
    expect(aborted).toBe(true);
  });

  test('a call that cannot be asked (the tool turned off meanwhile) is a failed step; the task goes on', async () => {
    let told = '';
    const model: AgentModel = {
      turn: async (_s, history) => {
        const last = history.at(-1);
        if (last?.role === 'tool') {
          told = last.results[0].text;
          return { text: '', calls: [{ id: 'd', name: 'ReportTaskComplete', input: { summary: 'done' } }] };
        }
        return { text: '', calls: [{ id: 'c', name: 't0_echo', input: {} }] };
      },
    };
    const tools: AgentToolbox = {
      tools: [echo],
      runAs: async () => {
        throw new DomainError('not_found', 'mcp_tool_not_found', 'This tool is not offered by the server.');
      },
    };
    const h = harness({ model, reply: () => ({}), tools });
    expect(await h.run()).toBe('completed');
    expect(told).toBe('The tool call failed: This tool is not offered by the server.');
    const toolStep = h.streams.get(agentTaskStream(T))!.find((e) => (e.data as { method?: string }).method === 'tool');
    expect(toolStep?.data).toMatchObject({ error: 'This tool is not offered by the server.', tool_call: { status: 'failed' } });
  });
});
