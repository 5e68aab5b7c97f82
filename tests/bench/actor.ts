// Budget (issue 17): reading the plan and capabilities on a request costs no Stripe call and at
// most 1 ms p95 at 200 concurrent requests, against a baseline that reads nothing. The actor
// (session, account, organisation, plan with the organisation's plan) is resolved by
// GET /rest/session on an app whose actor source is timed, for a person on their own and for a
// member of an organisation that pays for Max (its plan comes from the organisation: its
// memberships from orgs, then the subscriptions), against GET /healthz (which resolves nothing)
// on the same app, 200 connections each. Billing is on, against the Stripe fake, whose requests
// are counted during the loads (the budget allows none). The timed figure is the wall time of
// each request's resolution inside the server, waiting for the database included: what a
// request pays for it.
// For scale, the uncached plan read (the two queries the remembered session saves) is also timed
// at 200 concurrent calls, against `select 1` on the same pool.
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createLogger } from '../../services/app/logger.js';
import { routes } from '../../services/app/routes.js';
import { startApp } from '../../services/app/runtime.js';
import { changeSubscription, sessionSubscriptionOf } from '../../services/billing/index.js';
import { createApp } from '../../services/http/server.js';
import { loadConfig } from '../../services/shared/config.js';
import type { ActorSource } from '../../services/shared/actor.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { load, signUp } from './session.js';
import { fmt, freePort, note, onInterrupt, ROOT, signed, tempDir, verdict, type Row } from './util.js';

const CONNECTIONS = 200;
const SECONDS = 5;
const DIRECT_ROUNDS = 50;

function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The source with each user lookup timed (ms), as the edge calls it for a request's actor. */
function timed(source: ActorSource, into: { ms: number[] }): ActorSource {
  return {
    ...source,
    userOf: async (headers) => {
      const start = performance.now();
      try {
        return await source.userOf(headers);
      } finally {
        into.ms.push(performance.now() - start);
      }
    },
  };
}

/** `calls` run 200 at a time, DIRECT_ROUNDS times; the wall time of each call (ms). */
async function concurrently(call: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let round = 0; round < DIRECT_ROUNDS; round++)
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const start = performance.now();
        await call();
        ms.push(performance.now() - start);
      }),
    );
  return ms;
}

export async function benchActor(): Promise<Row[]> {
  const tmp = tempDir('ae-bench-actor-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let stripe: StripeFake | undefined;
  let running: Awaited<ReturnType<typeof startApp>> | undefined;
  let server: import('node:http').Server | undefined;
  const cleanup = async () => {
    if (server)
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        server!.closeAllConnections();
      });
    if (running) await running.stop();
    await stripe?.close();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    stripe = await startStripeFake();
    stripe.seedPlanPrices();
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
      ...stripe.env(),
    });
    note('actor: starting the app (billing on, against the Stripe fake)');
    running = await startApp(config, createLogger('silent'));
    const ctx = running.ctx;
    const resolutions = { ms: [] as number[] };
    const app = createApp({ ...ctx, actors: timed(ctx.actors, resolutions) }, routes);
    server = await new Promise<import('node:http').Server>((resolve, reject) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const own = { cookie: await signUp(running.url), accept: 'application/json' };
    const member = { cookie: await signUp(running.url), accept: 'application/json' };
    // The member's organisation pays for Max (its subscription recorded as a webhook's sync records it).
    const made = await fetch(`${running.url}/rest/organizations`, {
      method: 'POST',
      headers: { ...member, 'content-type': 'application/json', origin: running.url },
      body: JSON.stringify({ name: 'Bench Org' }),
    });
    if (made.status !== 201) throw new Error(`organisation not made: ${made.status} ${await made.text()}`);
    const orgUuid = ((await made.json()) as { uuid: string }).uuid;
    const deps = {
      db: ctx.db,
      store: ctx.store,
      now: ctx.now,
      logger: ctx.logger,
      provider: ctx.billing.provider,
      rules: ctx.billing.rules,
      forgetSessions: ctx.forgetSessions,
    };
    await changeSubscription(deps, orgUuid, {
      type: 'Sync',
      facts: {
        subscription_id: 'sub_bench',
        customer_id: 'cus_bench',
        status: 'active',
        plan: 'max',
        interval: 'monthly',
        current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        cancel_at_period_end: false,
        scheduled_change: null,
      },
    });
    const sessionOf = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}/rest/session`, { headers })).json()) as { user: { id: string; subscription_plan: string; plan_organization: unknown } })
        .user;
    const memberUser = await sessionOf(member);
    if (memberUser.subscription_plan !== 'max' || !memberUser.plan_organization)
      throw new Error(`the member's session lacks the organisation's plan: ${JSON.stringify(memberUser)}`);
    if ((await sessionOf(own)).subscription_plan !== 'free') throw new Error('the person on their own should be on free');

    note('actor: warm-up');
    await load(`${base}/rest/session`, own, 2, CONNECTIONS);
    await load(`${base}/rest/session`, member, 2, CONNECTIONS);
    await load(`${base}/healthz`, own, 2, CONNECTIONS);
    const stripeBefore = stripe.state.requests.length;
    const measure = async (headers: Record<string, string>) => {
      resolutions.ms = [];
      const r = await load(`${base}/rest/session`, headers, SECONDS, CONNECTIONS);
      return { r, ms: resolutions.ms };
    };
    const ownRun = await measure(own);
    const memberRun = await measure(member);
    const health = await load(`${base}/healthz`, own, SECONDS, CONNECTIONS);
    const stripeCalls = stripe.state.requests.length - stripeBefore;
    for (const [name, r] of [
      ['session (own plan)', ownRun.r],
      ['session (organisation plan)', memberRun.r],
      ['healthz', health],
    ] as const)
      if (r.non2xx || r.errors || r.timeouts) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);

    // The read the remembered session saves, uncached: the person's plan with their organisation's.
    const planRead = await concurrently(() => sessionSubscriptionOf(ctx.db, ctx.billing.rules, memberUser.id));
    const nothing = await concurrently(() => sql`select 1`.execute(ctx.db));

    const p95 = { own: percentile(ownRun.ms, 95), member: percentile(memberRun.ms, 95) };
    note(
      `actor: own ${ownRun.ms.length} resolutions p95 ${fmt(p95.own, 3)} ms; organisation member ${memberRun.ms.length} p95 ${fmt(p95.member, 3)} ms; Stripe requests during the loads: ${stripeCalls}`,
    );
    const label = `actor resolution (${CONNECTIONS} conn, ${SECONDS} s)`;
    return [
      {
        bench: label,
        metric: 'resolution p95, own plan',
        measured: `${fmt(p95.own, 3)} ms`,
        baseline: '0 ms (GET /healthz resolves nothing)',
        ratio: `${ownRun.ms.length} requests`,
        budget: '<= 1 ms',
        verdict: verdict(p95.own <= 1),
      },
      {
        bench: label,
        metric: 'resolution p95, organisation plan',
        measured: `${fmt(p95.member, 3)} ms`,
        baseline: '0 ms (GET /healthz resolves nothing)',
        ratio: `${memberRun.ms.length} requests`,
        budget: '<= 1 ms',
        verdict: verdict(p95.member <= 1),
      },
      {
        bench: label,
        metric: 'Stripe requests during the loads',
        measured: String(stripeCalls),
        baseline: '0',
        ratio: `${ownRun.r.total + memberRun.r.total} session requests`,
        budget: '0',
        verdict: verdict(stripeCalls === 0),
      },
      {
        bench: label,
        metric: 'request p90 latency',
        measured: `${fmt(ownRun.r.p90, 1)} / ${fmt(memberRun.r.p90, 1)} ms (own / organisation)`,
        baseline: `${fmt(health.p90, 1)} ms (GET /healthz)`,
        ratio: `${signed(memberRun.r.p90 - health.p90, 1)} ms`,
        budget: '(figure only)',
        verdict: '',
      },
      {
        bench: label,
        metric: 'requests/s',
        measured: `${fmt(ownRun.r.requestsPerSecond)} / ${fmt(memberRun.r.requestsPerSecond)} (own / organisation)`,
        baseline: fmt(health.requestsPerSecond),
        ratio: `${fmt((memberRun.r.requestsPerSecond / health.requestsPerSecond) * 100, 1)}%`,
        budget: '(figure only)',
        verdict: '',
      },
      {
        bench: `uncached plan read (${CONNECTIONS} concurrent x ${DIRECT_ROUNDS})`,
        metric: 'p95 per call',
        measured: `${fmt(percentile(planRead, 95), 2)} ms (own + organisation plan)`,
        baseline: `${fmt(percentile(nothing, 95), 2)} ms (select 1)`,
        ratio: `${signed(percentile(planRead, 95) - percentile(nothing, 95), 2)} ms`,
        budget: '(figure only: the remembered session spares requests this)',
        verdict: '',
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
