// Budget: full request and response validation costs at most 20% of throughput on a real
// endpoint. GET /rest/session as a signed-in user, on the running app (validated) and on the
// same app built without express-openapi-validator (baseline), same context, same database,
// same process. The load generator is a separate process (autocannon); the two servers are
// measured alternately, twice each after a warm-up, and the means are compared.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadConfig } from '../../services/shared/config.js';
import { createLogger } from '../../services/app/logger.js';
import { routes } from '../../services/app/routes.js';
import { startApp } from '../../services/app/runtime.js';
import { createApp } from '../../services/http/server.js';
import type { LoadResult } from './load.js';
import { fmt, freePort, mean, note, onInterrupt, pct, ROOT, signed, tempDir, TSX_CLI, verdict, type Row } from './util.js';

const CONNECTIONS = 10;
const SECONDS = 5;
const WARMUP_SECONDS = 2;
const ROUNDS = 2;

export async function benchSession(): Promise<Row[]> {
  const tmp = tempDir('ae-bench-session-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: tmp.dir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    WELCOME_MAIL_DELAY_SECONDS: '0',
    WEB_DIST: join(ROOT, 'dist/web'),
  });
  note(`session: starting the app (embedded PostgreSQL in ${tmp.dir})`);
  let running: Awaited<ReturnType<typeof startApp>> | undefined;
  let bare: import('node:http').Server | undefined;
  const cleanup = async () => {
    if (bare)
      await new Promise<void>((resolve) => {
        bare!.close(() => resolve());
        bare!.closeAllConnections();
      });
    if (running) await running.stop();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    running = await startApp(config, createLogger('silent'));
    const app = running;
    bare = await new Promise<import('node:http').Server>((resolve, reject) => {
      const s = createApp(app.ctx, routes, { validate: false }).listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const cookie = await signUp(app.url);
    const headers = { cookie, accept: 'application/json' };
    for (const [name, base] of [
      ['validated', app.url],
      ['unvalidated', bareUrl],
    ] as const) {
      const res = await fetch(`${base}/rest/session`, { headers });
      const body = (await res.json()) as { user?: { email?: string } | null };
      if (res.status !== 200 || !body.user?.email) throw new Error(`GET /rest/session on the ${name} app answered ${res.status} ${JSON.stringify(body)}`);
    }
    note('session: signed in; both apps return the Session user');

    const targets = { validated: `${app.url}/rest/session`, unvalidated: `${bareUrl}/rest/session` };
    note(`session: warm-up ${WARMUP_SECONDS} s each`);
    await load(targets.validated, headers, WARMUP_SECONDS);
    await load(targets.unvalidated, headers, WARMUP_SECONDS);

    const results: Record<keyof typeof targets, LoadResult[]> = { validated: [], unvalidated: [] };
    const cpuPerRequest: Record<keyof typeof targets, number[]> = { validated: [], unvalidated: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order each round so neither side always runs second.
      const order = round % 2 === 0 ? (['validated', 'unvalidated'] as const) : (['unvalidated', 'validated'] as const);
      for (const which of order) {
        // CPU time of this process (both servers live here, one is loaded at a time) per request:
        // steadier than requests/s when other work shares the machine.
        const cpu = process.cpuUsage();
        const r = await load(targets[which], headers, SECONDS);
        const used = process.cpuUsage(cpu);
        cpuPerRequest[which].push((used.user + used.system) / r.total);
        if (r.non2xx || r.errors || r.timeouts) throw new Error(`${which}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
        note(
          `session: round ${round + 1} ${which}: ${fmt(r.requestsPerSecond)} req/s, p99 ${r.p99} ms, ${fmt(cpuPerRequest[which].at(-1)!)} µs CPU/request (${r.total} requests)`,
        );
        results[which].push(r);
      }
    }
    const v = { rps: mean(results.validated.map((r) => r.requestsPerSecond)), p99: mean(results.validated.map((r) => r.p99)) };
    const b = { rps: mean(results.unvalidated.map((r) => r.requestsPerSecond)), p99: mean(results.unvalidated.map((r) => r.p99)) };
    const cost = 1 - v.rps / b.rps;
    const cpu = { v: mean(cpuPerRequest.validated), b: mean(cpuPerRequest.unvalidated) };
    const label = `GET /rest/session (${CONNECTIONS} conn, ${SECONDS} s x ${ROUNDS})`;
    return [
      {
        bench: label,
        metric: 'requests/s',
        measured: `${fmt(v.rps)} (validated)`,
        baseline: `${fmt(b.rps)} (no validator)`,
        ratio: `cost ${pct(cost)}`,
        budget: 'cost <= 20%',
        verdict: verdict(cost <= 0.2),
      },
      {
        bench: label,
        metric: 'server CPU/request',
        measured: `${fmt(cpu.v)} µs`,
        baseline: `${fmt(cpu.b)} µs`,
        ratio: `${signed(cpu.v - cpu.b)} µs (${signed((cpu.v / cpu.b - 1) * 100, 1)}%)`,
        budget: '(figure only)',
        verdict: '',
      },
      {
        bench: label,
        metric: 'p99 latency',
        measured: `${fmt(v.p99, 1)} ms`,
        baseline: `${fmt(b.p99, 1)} ms`,
        ratio: `${signed(v.p99 - b.p99, 1)} ms`,
        budget: '(figure only)',
        verdict: '',
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}

/** Signs a new user up and returns the Cookie header the browser would send afterwards. */
export async function signUp(base: string) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench User', email: `bench-${Date.now()}@example.com`, password: 'bench-password-123456' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.includes('session_token'))) throw new Error(`sign-up set no session cookie: ${cookies.join(', ')}`);
  return cookies.join('; ');
}

export function load(url: string, headers: Record<string, string>, seconds: number, connections = CONNECTIONS): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, join(ROOT, 'tests/bench/load.ts'), JSON.stringify({ url, headers, connections, seconds })], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const guard = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(guard);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult);
    });
  });
}
