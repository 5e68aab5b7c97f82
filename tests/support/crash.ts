// Crash tests for durable workflows: run the real server as a child process, wait until a
// workflow sleeps between two steps, kill the process with SIGKILL (no shutdown code runs),
// start it again on the same database and wait for the workflow to finish.
//
//   const run = await crashWhileSleeping({ databaseUrl, env, start: async (server) => workflowId });
//   // run.restarted is the second server; run.status is the workflow's final status row.
//
// The workflow's progress is read from DBOS's own tables in schema `dbos`:
// `workflow_status` (one row per workflow) and `operation_outputs` (one row per finished step,
// and one for each durable sleep, recorded when the sleep starts with its wake-up time).
import pg from 'pg';
import { startServerProcess, type ServerProcess } from './server-process.js';

export type WorkflowStatus = 'PENDING' | 'ENQUEUED' | 'SUCCESS' | 'ERROR' | 'CANCELLED' | 'MAX_RECOVERY_ATTEMPTS_EXCEEDED' | string;
export type WorkflowStatusRow = { workflowId: string; status: WorkflowStatus; recoveryAttempts: number; output: string | null; error: string | null };
export type WorkflowStep = { functionId: number; name: string; output: string | null; error: string | null };

const FINAL = new Set(['SUCCESS', 'ERROR', 'CANCELLED', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED']);
const SLEEP = 'DBOS.sleep';

async function query<R extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } catch (err) {
    // Before DBOS's first launch its schema does not exist yet: nothing to report.
    if ((err as { code?: string }).code === '42P01' || (err as { code?: string }).code === '3F000') return [];
    throw err;
  } finally {
    await client.end();
  }
}

export async function workflowStatus(databaseUrl: string, workflowId: string): Promise<WorkflowStatusRow | undefined> {
  const rows = await query<{ workflow_uuid: string; status: string; recovery_attempts: string | null; output: string | null; error: string | null }>(
    databaseUrl,
    'select workflow_uuid, status, recovery_attempts, output, error from dbos.workflow_status where workflow_uuid = $1',
    [workflowId],
  );
  const r = rows[0];
  return r && { workflowId: r.workflow_uuid, status: r.status, recoveryAttempts: Number(r.recovery_attempts ?? 0), output: r.output, error: r.error };
}

/** The steps (and sleeps) a workflow has recorded, in order. */
export async function workflowSteps(databaseUrl: string, workflowId: string): Promise<WorkflowStep[]> {
  const rows = await query<{ function_id: number; function_name: string; output: string | null; error: string | null }>(
    databaseUrl,
    'select function_id, function_name, output, error from dbos.operation_outputs where workflow_uuid = $1 order by function_id',
    [workflowId],
  );
  return rows.map((r) => ({ functionId: r.function_id, name: r.function_name, output: r.output, error: r.error }));
}

async function poll<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, describe: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describe()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the workflow is pending and its last recorded operation is a durable sleep whose
 * wake-up time is still ahead (`minRemainingMs` at least): it is between two steps.
 */
export async function waitUntilSleeping(databaseUrl: string, workflowId: string, opts: { timeoutMs?: number; minRemainingMs?: number } = {}) {
  const minRemaining = opts.minRemainingMs ?? 500;
  return poll(`workflow ${workflowId} to sleep between steps`, opts.timeoutMs ?? 20_000, async () => {
    const status = await workflowStatus(databaseUrl, workflowId);
    if (status && FINAL.has(status.status)) throw new Error(`workflow ${workflowId} ended (${status.status}) before it slept`);
    if (status?.status !== 'PENDING') return undefined;
    const steps = await workflowSteps(databaseUrl, workflowId);
    const last = steps[steps.length - 1];
    if (last?.name !== SLEEP) return undefined;
    const wakeAt = Number(JSON.parse(last.output ?? 'null'));
    if (!Number.isFinite(wakeAt) || wakeAt - Date.now() < minRemaining)
      throw new Error(`workflow ${workflowId} sleeps too briefly to crash it mid-sleep; give it a longer delay`);
    return { steps, wakeAt };
  });
}

export async function waitUntilFinished(databaseUrl: string, workflowId: string, timeoutMs = 30_000): Promise<WorkflowStatusRow> {
  let last: WorkflowStatusRow | undefined;
  return poll(
    `workflow ${workflowId} to finish`,
    timeoutMs,
    async () => {
      last = await workflowStatus(databaseUrl, workflowId);
      return last && FINAL.has(last.status) ? last : undefined;
    },
    () => ` (last status: ${last?.status ?? 'none'})`,
  );
}

/** SIGKILL: no signal handler, no shutdown, no flushing. Resolves once the process is gone. */
export async function killHard(server: ServerProcess) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server already exited (${child.exitCode ?? child.signalCode}):\n${server.logs()}`);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
  if (child.signalCode !== 'SIGKILL') throw new Error(`server exited with ${child.exitCode} before it was killed`);
  // Nothing else may keep serving (a wrapper process would leave the real server running).
  const stillServing = await fetch(`${server.url}/healthz`).then(
    () => true,
    () => false,
  );
  if (stillServing) throw new Error(`${server.url} still answers after SIGKILL: the killed process was not the server`);
}

export type CrashRun = {
  workflowId: string;
  /** What the workflow had recorded when the process was killed. */
  stepsAtCrash: WorkflowStep[];
  statusAtCrash: WorkflowStatusRow;
  /** The server started after the crash; the caller stops it. */
  restarted: ServerProcess;
  status: WorkflowStatusRow;
};

/**
 * Starts the server, lets `start` begin the work (it returns the workflow id), kills the
 * server with SIGKILL while that workflow sleeps between steps, restarts it on the same
 * database with the same environment, and waits for the workflow to finish.
 * `beforeRestart` runs while no server is up (to check what the crash left behind).
 */
export async function crashWhileSleeping(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  start: (server: ServerProcess) => Promise<string>;
  beforeRestart?: (workflowId: string) => Promise<void>;
  timeoutMs?: number;
}): Promise<CrashRun> {
  const first = await startServerProcess({ databaseUrl: opts.databaseUrl, env: opts.env });
  let workflowId: string;
  let stepsAtCrash: WorkflowStep[];
  let statusAtCrash: WorkflowStatusRow;
  try {
    workflowId = await opts.start(first);
    ({ steps: stepsAtCrash } = await waitUntilSleeping(opts.databaseUrl, workflowId, { timeoutMs: opts.timeoutMs }));
    statusAtCrash = (await workflowStatus(opts.databaseUrl, workflowId))!;
  } catch (err) {
    await first.stop('SIGKILL');
    throw err;
  }
  await killHard(first);
  await opts.beforeRestart?.(workflowId);
  const restarted = await startServerProcess({ databaseUrl: opts.databaseUrl, env: opts.env });
  try {
    const status = await waitUntilFinished(opts.databaseUrl, workflowId, opts.timeoutMs);
    return { workflowId, stepsAtCrash, statusAtCrash, restarted, status };
  } catch (err) {
    await restarted.stop('SIGKILL');
    throw new Error(`${(err as Error).message}\nrestarted server logs:\n${restarted.logs()}`);
  }
}
