// Issue 18's task budgets. (1) 10,000 scheduled tasks due in the same minute, offline model: all
// run within 2 minutes, each once; the baseline is the same 10,000 questions asked directly.
// (2) 100,000 idle tasks cost the scheduler under 5% of one core: the server's CPU (user + system,
// from /proc) over an interval with them, against the same interval with none (the cost is the
// difference: the idle server's own polling is the baseline).
import { readFileSync } from 'node:fs';
import pLimit from 'p-limit';
import { sql } from 'kysely';
import { projections } from '../../services/app/projections.js';
import { EventStore } from '../../services/eventstore/store.js';
import { OFFLINE_MODEL } from '../../services/shared/answer-models.js';
import { decideCreate, type TaskInput } from '../../services/tasks/decide.js';
import { initialTask, taskStream } from '../../services/tasks/events.js';
import { signedUp } from '../support/people.js';
import { runAsks } from './answers-client.js';
import { withBenchServer } from './bench-server.js';
import { fmt, note, pct, sleep, verdict, type Row } from './util.js';
import { allTables } from '../support/all-tables.js';

const DUE = Number(process.env.BENCH_TASKS_DUE ?? 10_000);
const IDLE = Number(process.env.BENCH_TASKS_IDLE ?? 100_000);
const CPU_WINDOW_MS = 20_000;
const models = [{ id: OFFLINE_MODEL, name: 'Offline' }];
const question = (i: number) => `What should I know about sourdough bread, note ${i}?`;

/** The server's CPU seconds so far (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function cpuShare(pid: number) {
  const before = cpuSeconds(pid);
  const t = performance.now();
  await sleep(CPU_WINDOW_MS);
  return (cpuSeconds(pid) - before) / ((performance.now() - t) / 1000);
}

/** Tasks straight through their rules and the event store (as the create call would), many at once. */
async function createTasks(store: EventStore, ownerId: string, count: number, input: (i: number) => TaskInput, now: Date) {
  const limit = pLimit(16);
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      limit(async () => {
        const taskId = `bench-${input(i).schedule?.kind}-${i}-${now.getTime()}`;
        const { events } = decideCreate(initialTask, {
          userId: ownerId,
          now,
          taskId,
          input: input(i),
          models,
          defaultModel: OFFLINE_MODEL,
          counts: { tasks: 0, price_alerts: 0 },
          limits: { tasks: Number.MAX_SAFE_INTEGER, price_alerts: 0 },
        });
        await store.append(taskStream(taskId), 'no_stream', events);
      }),
    ),
  );
}

export async function benchTasks(): Promise<Row[]> {
  return withBenchServer('tasks', { poolSize: 16 }, async ({ db, server }) => {
    const store = new EventStore(db, projections);
    const pid = server.child.pid as number;
    const owner = await signedUp(server.url, 'Bench Tasks');
    const ownerId = (await owner.get('/rest/session')).json.user.id as string;
    const rows: Row[] = [];

    // Baseline: the same questions asked directly.
    const questions = Array.from({ length: DUE }, (_, i) => question(i));
    let t = performance.now();
    const direct = await runAsks(server.url, owner.cookieHeader(), questions, 32);
    const directSeconds = (performance.now() - t) / 1000;
    if (direct.errors.length) throw new Error(`direct asks failed: ${direct.errors[0]}`);
    note(`tasks: ${DUE} questions asked directly in ${fmt(directSeconds, 1)} s`);

    // The idle scheduler before any task.
    const emptyShare = await cpuShare(pid);

    // DUE tasks, all due at the start of one minute (a minute from now at least).
    const now = new Date();
    const due = new Date(Math.ceil((now.getTime() + 60_000) / 60_000) * 60_000);
    t = performance.now();
    await createTasks(
      store,
      ownerId,
      DUE,
      (i) => ({
        task_type: 'SCHEDULE',
        query: { prompt: question(i) },
        schedule: { kind: 'DAILY', hour: due.getUTCHours(), minute: due.getUTCMinutes() },
        tzid: 'UTC',
      }),
      now,
    );
    note(`tasks: ${DUE} tasks due at ${due.toISOString()} created in ${fmt((performance.now() - t) / 1000, 1)} s`);
    await sleep(Math.max(0, due.getTime() - Date.now()));
    const deadline = due.getTime() + 10 * 60_000;
    let done = 0;
    while (Date.now() < deadline) {
      const r = await allTables(db)
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('task_type', '=', 'SCHEDULE')
        .where('last_run_status', 'in', ['succeeded', 'failed'])
        .executeTakeFirstOrThrow();
      done = Number(r.n);
      if (done >= DUE) break;
      await sleep(250);
    }
    const runSeconds = (Date.now() - due.getTime()) / 1000;
    const counts = await sql<{ type: string; n: string; streams: string }>`
      select type, count(*) as n, count(distinct stream_id) as streams from events
      where type in ('TaskRunStarted', 'TaskRunSucceeded', 'TaskRunFailed') group by type`.execute(db);
    const of = (type: string) => counts.rows.find((r) => r.type === type) ?? { n: '0', streams: '0' };
    const started = Number(of('TaskRunStarted').n);
    const once = started === DUE && Number(of('TaskRunStarted').streams) === DUE && Number(of('TaskRunSucceeded').n) === DUE;
    note(
      `tasks: ${done} of ${DUE} runs ended ${fmt(runSeconds, 1)} s after they were due; started ${started}, succeeded ${of('TaskRunSucceeded').n}, failed ${of('TaskRunFailed').n}`,
    );
    const label = `tasks, ${fmt(DUE)} due in one minute, offline model`;
    rows.push(
      {
        bench: label,
        metric: 'all runs ended after (s)',
        measured: fmt(runSeconds, 1),
        baseline: fmt(directSeconds, 1),
        ratio: `${fmt(runSeconds / directSeconds, 2)}x`,
        budget: '120 s',
        verdict: verdict(done >= DUE && runSeconds <= 120),
      },
      {
        bench: label,
        metric: 'each run once',
        measured: `${started} started, ${of('TaskRunSucceeded').n} succeeded`,
        baseline: '',
        ratio: '',
        budget: `${DUE} each`,
        verdict: verdict(once),
      },
    );

    // IDLE tasks whose next run is a year away: the scheduler's cost with them.
    t = performance.now();
    await createTasks(
      store,
      ownerId,
      IDLE,
      (i) => ({
        task_type: 'SCHEDULE',
        query: { prompt: question(i) },
        schedule: { kind: 'YEARLY', month: ((now.getUTCMonth() + 6) % 12) + 1, day: 1 },
        tzid: 'UTC',
      }),
      new Date(),
    );
    note(`tasks: ${IDLE} idle tasks created in ${fmt((performance.now() - t) / 1000, 1)} s`);
    await sleep(3000);
    const idleShare = await cpuShare(pid);
    note(`tasks: server CPU ${pct(idleShare, 2)} of one core with ${IDLE} idle tasks, ${pct(emptyShare, 2)} with none`);
    rows.push({
      bench: `tasks, ${fmt(IDLE)} idle, scheduler every 1 s`,
      metric: 'server CPU (share of one core)',
      measured: pct(idleShare, 2),
      baseline: pct(emptyShare, 2),
      ratio: `${idleShare >= emptyShare ? '+' : '-'}${pct(Math.abs(idleShare - emptyShare), 2)}`,
      budget: '+5% of a core',
      verdict: verdict(idleShare - emptyShare < 0.05),
    });
    return rows;
  });
}
