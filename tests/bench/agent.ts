// Issue 34's agent budgets. (1) 50 agent tasks at once with the model fake, each reading its page
// REQUESTS times before it reports: the RPC round trip (from the server sending a request until
// its socket has the browser's reply; the server's own figure, kept on each step) at p95 under
// 20 ms on loopback, with the model answering at once and as a real model would. Baseline: a bare
// socket.io server in this process asking 50 clients the same number of times (emitWithAck), the
// round trip seen by that server. The measured tasks follow 50 unmeasured ones (a fresh server
// compiles the model client and the agent's code on its first tasks); beside each figure, the
// server's CPU a request, which the machine's load changes little. (2) The server's memory per
// idle /agent socket under 100 KB: its resident memory before and after IDLE sockets connect.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { browserLike, connectExtension, type FakeExtension } from '../fakes/agent-extension.js';
import { type LlmRequest, startLlmFake } from '../fakes/llm.js';
import { signedUp } from '../support/people.js';
import { withBenchServer } from './bench-server.js';
import { fmt, note, sleep, verdict, type Row } from './util.js';

const TASKS = Number(process.env.BENCH_AGENT_TASKS ?? 50);
const REQUESTS = Number(process.env.BENCH_AGENT_REQUESTS ?? 10);
const IDLE = Number(process.env.BENCH_AGENT_IDLE_SOCKETS ?? 2000);
/** The paced run's mean model time to answer a turn (real models take a second or more). */
const PACED_MODEL_MS = Number(process.env.BENCH_AGENT_MODEL_MS ?? 500);
/** Tasks run before the measured ones, so the figures are a working server's. */
const WARM_UP_TASKS = Number(process.env.BENCH_AGENT_WARM_UP_TASKS ?? TASKS);
const RTT_BUDGET_MS = 20;
const SOCKET_BUDGET_KB = 100;

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

/** CPU time a process has used, in ms, from /proc (user and system; clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Resident memory of a process, in KB, from /proc. */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The baseline: a bare socket.io server asks TASKS clients REQUESTS times each, all at once; its round trips. */
async function echoRoundTrips(): Promise<number[]> {
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  const echo = server.of('/echo');
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Socket[] = [];
  try {
    for (let i = 0; i < TASKS; i++) {
      const c = connect(`${url}/echo`, { transports: ['websocket'], reconnection: false });
      c.on('request', (payload: unknown, ack: (reply: unknown) => void) =>
        ack({ request_id: (payload as { request_id: string }).request_id, response: { text: 'ok' } }),
      );
      await new Promise<void>((resolve, reject) => c.once('connect', resolve).once('connect_error', reject));
      clients.push(c);
    }
    const sockets = [...(await echo.fetchSockets())];
    const times: number[] = [];
    await Promise.all(
      sockets.map(async (s, i) => {
        for (let r = 0; r < REQUESTS; r++) {
          const t = performance.now();
          await s.timeout(5000).emitWithAck('request', { request_id: `${i}.${r}`, method: 'ReadPage', request: {} });
          times.push(performance.now() - t);
        }
      }),
    );
    return times;
  } finally {
    for (const c of clients) c.close();
    server.close();
    http.closeAllConnections();
  }
}

export async function benchAgent(): Promise<Row[]> {
  const script = (req: LlmRequest) => {
    const turn = req.messages.filter((m) => m.role === 'tool').length;
    return { calls: [turn < REQUESTS ? { name: 'ReadPage', arguments: {} } : { name: 'ReportTaskComplete', arguments: { summary: 'Read.' } }] };
  };
  const llm = await startLlmFake({ chunks: ['Hello.'], agent: script });
  try {
    return await withBenchServer(
      'agent',
      { poolSize: 8, env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AGENT_MAX_STEPS: String(REQUESTS + 5) } },
      async ({ db, server }) => {
        const pid = server.child.pid as number;
        const person = await signedUp(server.url, 'Bench Agent');
        const token = (await person.post('/rest/agent/token')).json.token as string;
        const rows: Row[] = [];

        // Idle sockets, first, on the fresh server (after the tasks, the heap they grew hides what
        // sockets take): its resident memory once it settles, with a few sockets open already
        // (the namespace's first-use costs are not the sockets'), and with IDLE more.
        const connectIdle = async (count: number, into: Socket[]) => {
          for (let i = 0; i < count; i++) {
            const c = connect(`${server.url}/agent`, { transports: ['websocket'], reconnection: false, auth: { token } });
            await new Promise<void>((resolve, reject) => c.once('connect', resolve).once('connect_error', reject));
            into.push(c);
          }
        };
        const idle: Socket[] = [];
        await connectIdle(20, idle);
        await sleep(2000);
        const before = rssKb(pid);
        await connectIdle(IDLE, idle);
        await sleep(3000);
        const after = rssKb(pid);
        for (const c of idle) c.close();
        // The server lets go of them before the round trips are measured.
        await sleep(5000);
        const perSocketKb = (after - before) / IDLE;
        note(`agent: ${IDLE} idle sockets, server RSS ${fmt(before / 1024, 1)} MB -> ${fmt(after / 1024, 1)} MB`);
        rows.push({
          bench: `agent, ${fmt(IDLE)} idle sockets`,
          metric: 'server memory per idle socket (KB)',
          measured: fmt(perSocketKb, 1),
          baseline: `${fmt(before / 1024, 0)} MB before`,
          ratio: '',
          budget: `${SOCKET_BUDGET_KB} KB`,
          verdict: verdict(perSocketKb < SOCKET_BUDGET_KB),
        });

        const baseline = await echoRoundTrips();
        // The machine's load says how far the figures are the server's own (other work shares the cores).
        note(`agent: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
        note(`agent: bare socket.io echo, ${baseline.length} round trips, p95 ${fmt(p95(baseline), 2)} ms`);

        /** `count` tasks at once, each on its own socket as that many extensions would be; their ReadPage round trips. */
        const runTasks = async (count: number, modelMs: number) => {
          // Real tasks do not think in step: each turn takes between half and one and a half times modelMs.
          llm.script({ chunks: ['Hello.'], agent: script, agentDelayMs: () => modelMs * (0.5 + Math.random()) });
          const extensions: FakeExtension[] = [];
          for (let i = 0; i < count; i++) extensions.push(await connectExtension(server.url, { token, answer: browserLike() }));
          const t = performance.now();
          const cpuBefore = cpuMs(pid);
          const uuids = extensions.map(() => randomUUID());
          for (const [i, x] of extensions.entries()) x.start(`bench task ${i}`, uuids[i]);
          await Promise.all(extensions.map((x, i) => x.next('agent_complete', (p) => p.task_uuid === uuids[i])));
          const seconds = (performance.now() - t) / 1000;
          // The server's CPU for the whole run, per request: what the machine's load does not change much.
          const cpuPerRequest = (cpuMs(pid) - cpuBefore) / (count * REQUESTS);
          for (const x of extensions) x.close();
          const steps = await sql<{ ms: number }>`
            select (data->>'round_trip_ms')::int as ms from events
            where type = 'AgentStepRecorded' and data->>'method' = 'ReadPage' and data ? 'round_trip_ms'
              and data->>'task_uuid' in (${sql.join(uuids)})`.execute(db);
          const times = steps.rows.map((r) => Number(r.ms));
          if (times.length !== count * REQUESTS) throw new Error(`expected ${count * REQUESTS} round trips, found ${times.length}`);
          return { times, seconds, cpuPerRequest };
        };

        // A server that has run no task yet loads the model's client and the agent's code on the
        // first ones (hundreds of ms of compiling that hold every socket up): the budget is about a
        // server at work, so a few tasks run first, unmeasured (their figure is printed).
        const warm = await runTasks(WARM_UP_TASKS, 0);
        note(`agent: warm-up, ${WARM_UP_TASKS} tasks with the model answering at once: round trip p95 ${fmt(p95(warm.times), 1)} ms (not measured)`);

        // 50 tasks at once: first with the model fake answering at once (the server as busy as 50
        // tasks can make it), then answering in PACED_MODEL_MS as a real model would (its thinking
        // spreads the tasks' requests).
        for (const modelMs of [0, PACED_MODEL_MS]) {
          const { times, seconds, cpuPerRequest } = await runTasks(TASKS, modelMs);
          const agentP95 = p95(times);
          note(
            `agent: ${TASKS} tasks of ${REQUESTS} requests, model in ${modelMs} ms, ended in ${fmt(seconds, 1)} s; round trip p95 ${fmt(agentP95, 1)} ms, max ${fmt(Math.max(...times))} ms; server CPU ${fmt(cpuPerRequest, 1)} ms a request (model turn and step included)`,
          );
          rows.push({
            bench: `agent, ${TASKS} tasks at once, model fake ${modelMs ? `answering in ${modelMs} ms on average` : 'answering at once'}`,
            metric: 'RPC round trip p95 (ms)',
            measured: fmt(agentP95, 1),
            baseline: fmt(p95(baseline), 2),
            ratio: `${fmt(agentP95 / p95(baseline), 1)}x`,
            budget: `${RTT_BUDGET_MS} ms`,
            verdict: verdict(agentP95 < RTT_BUDGET_MS),
          });
        }

        return rows;
      },
    );
  } finally {
    await llm.close();
  }
}
