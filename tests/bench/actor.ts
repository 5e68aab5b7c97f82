// Budget: resolving the actor (session, account, organisation, plan) costs at most 1 ms p95 per
// request at 200 concurrent requests. GET /rest/session (which resolves the whole actor) on an
// app whose actor source is timed, against GET /healthz (which resolves nothing) on the same app,
// 200 connections each. The timed figure is the wall time of each request's resolution inside
// the server, waiting for the database included: what a request pays for it.
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../services/app/logger.js';
import { routes } from '../../services/app/routes.js';
import { startApp } from '../../services/app/runtime.js';
import { createApp } from '../../services/http/server.js';
import { loadConfig } from '../../services/shared/config.js';
import type { ActorSource } from '../../services/shared/actor.js';
import { load, signUp } from './session.js';
import { fmt, freePort, note, onInterrupt, ROOT, signed, tempDir, verdict, type Row } from './util.js';

const CONNECTIONS = 200;
const SECONDS = 5;

function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The source with each user lookup timed (ms), as the edge calls it for a request's actor. */
function timed(source: ActorSource, into: number[]): ActorSource {
  return {
    ...source,
    userOf: async (headers) => {
      const start = performance.now();
      try {
        return await source.userOf(headers);
      } finally {
        into.push(performance.now() - start);
      }
    },
  };
}

export async function benchActor(): Promise<Row[]> {
  const tmp = tempDir('ae-bench-actor-');
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
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    WELCOME_MAIL_DELAY_SECONDS: '0',
    WEB_DIST: join(ROOT, 'dist/web'),
  });
  note('actor: starting the app');
  let running: Awaited<ReturnType<typeof startApp>> | undefined;
  let server: import('node:http').Server | undefined;
  const cleanup = async () => {
    if (server)
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        server!.closeAllConnections();
      });
    if (running) await running.stop();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    running = await startApp(config, createLogger('silent'));
    const resolutions: number[] = [];
    const app = createApp({ ...running.ctx, actors: timed(running.ctx.actors, resolutions) }, routes);
    server = await new Promise<import('node:http').Server>((resolve, reject) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { cookie: await signUp(running.url), accept: 'application/json' };

    note('actor: warm-up');
    await load(`${base}/rest/session`, headers, 2, CONNECTIONS);
    await load(`${base}/healthz`, headers, 2, CONNECTIONS);
    resolutions.length = 0;
    const session = await load(`${base}/rest/session`, headers, SECONDS, CONNECTIONS);
    const measured = [...resolutions];
    const health = await load(`${base}/healthz`, headers, SECONDS, CONNECTIONS);
    for (const [name, r] of [
      ['session', session],
      ['healthz', health],
    ] as const)
      if (r.non2xx || r.errors || r.timeouts) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    const p95 = percentile(measured, 95);
    note(`actor: ${measured.length} resolutions, p50 ${fmt(percentile(measured, 50), 2)} ms, p95 ${fmt(p95, 2)} ms`);
    const label = `actor resolution (${CONNECTIONS} conn, ${SECONDS} s)`;
    return [
      {
        bench: label,
        metric: 'resolution p95 (in the server)',
        measured: `${fmt(p95, 2)} ms`,
        baseline: '0 ms (GET /healthz resolves nothing)',
        ratio: `${measured.length} requests`,
        budget: '<= 1 ms',
        verdict: verdict(p95 <= 1),
      },
      {
        bench: label,
        metric: 'request p90 latency',
        measured: `${fmt(session.p90, 1)} ms (GET /rest/session)`,
        baseline: `${fmt(health.p90, 1)} ms (GET /healthz)`,
        ratio: `${signed(session.p90 - health.p90, 1)} ms`,
        budget: '(figure only)',
        verdict: '',
      },
      {
        bench: label,
        metric: 'requests/s',
        measured: fmt(session.requestsPerSecond),
        baseline: fmt(health.requestsPerSecond),
        ratio: `${fmt((session.requestsPerSecond / health.requestsPerSecond) * 100, 1)}%`,
        budget: '(figure only)',
        verdict: '',
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
