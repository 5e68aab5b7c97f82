// Budget: `make start` on an installed checkout serves within 10 s. Measured from spawning
// `node node_modules/tsx/dist/cli.mjs services/app/main.ts` (what `make start` runs after the
// build) to the first 200 from /readyz, with embedded PostgreSQL:
// - cold: an empty DATA_DIR (includes initdb and the first migrations),
// - warm: the same DATA_DIR started a second time (the installed checkout).
// Baseline: the same Node spawned with `node -e` answering one HTTP request.
// 3 runs each, median. Every server is stopped with SIGTERM and its folder removed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, freePort, median, note, onInterrupt, ROOT, signed, sleep, tempDir, TSX_CLI, verdict, type Row } from './util.js';

const RUNS = 3;
const POLL_MS = 10;
const READY_TIMEOUT_MS = 120_000;
const BUDGET_MS = 10_000;

export async function benchStart(): Promise<Row[]> {
  const times = { baseline: [] as number[], cold: [] as number[], warm: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const port = await freePort();
    const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
    const ms = await timeToReady(spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: 'ignore' }), `http://127.0.0.1:${port}/`);
    times.baseline.push(ms);
    note(`start: run ${run + 1}, bare node -e: ${fmt(ms)} ms`);
  }
  for (let run = 0; run < RUNS; run++) {
    const tmp = tempDir('ae-bench-start-');
    const unregister = onInterrupt(async () => {
      await stopLeftoverPostgres(tmp.dir);
      tmp.remove();
    });
    try {
      for (const kind of ['cold', 'warm'] as const) {
        const ms = await startApp(tmp.dir);
        times[kind].push(ms);
        note(`start: run ${run + 1}, ${kind}: ${fmt(ms)} ms`);
      }
    } finally {
      unregister();
      await stopLeftoverPostgres(tmp.dir);
      tmp.remove();
    }
  }
  const base = median(times.baseline);
  const row = (kind: 'cold' | 'warm', label: string, budgeted: boolean): Row => {
    const m = median(times[kind]);
    return {
      bench: `start to /readyz, ${label} (median of ${RUNS})`,
      metric: 'ms',
      measured: `${fmt(m)} ms [${times[kind].map((t) => fmt(t)).join(', ')}]`,
      baseline: `${fmt(base)} ms (node -e)`,
      ratio: `${signed(m - base)} ms`,
      budget: budgeted ? '< 10,000 ms' : '(figure only)',
      verdict: budgeted ? verdict(m < BUDGET_MS) : '',
    };
  };
  return [row('warm', 'installed checkout (second start)', true), row('cold', 'empty data dir (first start, initdb)', false)];
}

/** Spawns the server as `make start` does, times it to the first 200 from /readyz, stops it. */
async function startApp(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [TSX_CLI, 'services/app/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      AUTH_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  try {
    return await timeToReady(child, `http://127.0.0.1:${port}/readyz`, () => errors);
  } catch (err) {
    await stop(child);
    throw err;
  }
}

/** ms from now (just after spawn) until `url` answers 200; then the child is stopped. */
async function timeToReady(child: ChildProcess, url: string, logs: () => string = () => '') {
  const started = performance.now();
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const unregister = onInterrupt(() => stop(child));
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited with ${child.exitCode ?? child.signalCode} before ready:\n${logs()}`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ok) return performance.now() - started;
      await sleep(POLL_MS);
    }
    throw new Error(`not ready within ${READY_TIMEOUT_MS} ms:\n${logs()}`);
  } finally {
    unregister();
    await stop(child);
  }
}

/** SIGTERM (the app stops its workflows and PostgreSQL in order), SIGKILL after 20 s. */
function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** If a server died without stopping its embedded PostgreSQL, stop that PostgreSQL here. */
async function stopLeftoverPostgres(dataDir: string) {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  note(`start: stopping a leftover PostgreSQL (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
