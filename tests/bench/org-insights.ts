// Issue budget (organisation insights): an organisation with 1,000 members and 1M events loads
// its insights in under 300 ms p95, next to a baseline endpoint (GET /rest/session, which
// resolves the same signed-in person and reads nothing else) in the same run. Figures only.
// Seeding: the owner signs up and creates the organisation over HTTP; 999 accounts join it
// through the organisation's real rules and store (invited, then joined); 1M QuestionAsked
// events of those members over 90 days are written to the log in bulk, and the insights read
// model they make is written by one SQL aggregation of the same rows (as the consumer would
// leave it), with the consumer's checkpoint set past them so the server does not replay them
// during the measurement.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { projections } from '../../services/app/projections.js';
import { EventStore } from '../../services/eventstore/store.js';
import { decideAccept, decideInvite } from '../../services/orgs/decide.js';
import { decideOrg } from '../../services/orgs/use-cases.js';
import { INSIGHTS_CONSUMER } from '../../services/orgs/insights.js';
import { percentile } from './answers-client.js';
import { withBenchServer } from './bench-server.js';
import { fmt, note, verdict, type Row } from './util.js';
import { allTables } from '../support/all-tables.js';

const MEMBERS = 1000;
const EVENTS = 1_000_000;
const SPACES = 50;
const DAYS = 90;
const WARMUP = 20;
const SAMPLES = 200;
const BUDGET_MS = 300;

export async function benchOrgInsights(): Promise<Row[]> {
  return withBenchServer('org-insights', { poolSize: 4, env: { SIGN_IN_RATE_LIMIT: '1000' } }, async ({ db, server }) => {
    const base = server.url;
    const started = performance.now();
    const email = `bench-owner-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Bench owner', email, password: 'bench-password-123456' }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`${base}/rest/organizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ name: 'Bench Org' }),
    });
    if (created.status !== 201) throw new Error(`createOrganization answered ${created.status}`);
    const org = ((await created.json()) as { uuid: string }).uuid;
    const owner = await allTables(db).selectFrom('user').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();

    // 999 more members, through the organisation's own rules and store.
    const store = new EventStore(db, projections);
    const ownerActor = { user_id: owner.id, email: owner.email.toLowerCase() };
    for (let i = 1; i < MEMBERS; i++) {
      const id = randomUUID();
      const memberEmail = `bench-member-${i}@example.com`;
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${id}, ${`Member ${i}`}, ${memberEmail}, true, now(), now())`.execute(
        db,
      );
      const invitation = randomUUID();
      await decideOrg(store, org, (s) =>
        decideInvite(s, { actor: ownerActor, email: memberEmail, role: 'member', invitation_id: invitation, inviteeOrg: null, now: new Date() }),
      );
      await decideOrg(store, org, (s) =>
        decideAccept(s, { actor: { user_id: id, email: memberEmail }, invitation_id: invitation, member_id: randomUUID(), actorOrg: null, now: new Date() }),
      );
    }
    const members = (await allTables(db).selectFrom('org_members').select('user_id').where('org_uuid', '=', org).execute()).map((m) => m.user_id);

    // 1M questions of those members over 90 days, in the log, and the read model they make.
    await db.transaction().execute(async (trx) => {
      await sql`create temporary table bench_questions on commit drop as
        select n, (${sql.val(members)}::text[])[1 + floor(random() * ${members.length})::int] as user_id,
               (current_date - (n % ${DAYS}))::date as day,
               case when n % 3 = 0 then 'space-' || (n % ${SPACES}) else null end as space_uuid
        from generate_series(1, ${EVENTS}) n`.execute(trx);
      await sql`insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
        select 'thread-bench-' || (n / 10), 1 + n % 10, 'QuestionAsked',
               jsonb_build_object('context_uuid', 'bench-' || (n / 10), 'backend_uuid', 'bench-entry-' || n, 'query_str', 'Question ' || n,
                                  'search_mode', 'auto', 'model', 'offline-extractive', 'asked_at', day::timestamptz),
               '{}'::jsonb, day::timestamptz
        from bench_questions`.execute(trx);
      await sql`insert into org_insights_daily (org_uuid, day, questions, active_members)
        select ${org}, day, count(*), count(distinct user_id) from bench_questions group by day`.execute(trx);
      await sql`insert into org_insights_active (org_uuid, day, user_id) select distinct ${org}, day, user_id from bench_questions`.execute(trx);
      await sql`insert into org_insights_last_active (org_uuid, user_id, last_day) select ${org}, user_id, max(day) from bench_questions group by user_id`.execute(
        trx,
      );
      await sql`insert into org_insights_spaces (org_uuid, day, space_uuid, questions)
        select ${org}, day, space_uuid, count(*) from bench_questions where space_uuid is not null group by day, space_uuid`.execute(trx);
      // Every consumer (insights, mail, indexing...) starts after these synthetic events: none of
      // them is to react to them, and the server must not be busy replaying them while measured.
      await sql`insert into consumer_checkpoints (consumer, tx_id, position, updated_at)
        values (${INSIGHTS_CONSUMER}, pg_current_xact_id(), (select max(global_position) from events), now())
        on conflict (consumer) do update set tx_id = excluded.tx_id, position = excluded.position, updated_at = now()`.execute(trx);
      await sql`update consumer_checkpoints set tx_id = pg_current_xact_id(), position = (select max(global_position) from events), updated_at = now()`.execute(
        trx,
      );
    });
    await sql`analyze events, org_members, orgs, org_insights_daily, org_insights_active, org_insights_last_active, org_insights_spaces`.execute(db);
    const counts = await sql<{
      events: string;
      active: string;
    }>`select (select count(*) from events) as events, (select count(*) from org_insights_active) as active`.execute(db);
    note(
      `org-insights: seeded in ${fmt((performance.now() - started) / 1000, 1)} s: ${fmt(members.length)} members, ${fmt(Number(counts.rows[0].events))} events, ${fmt(Number(counts.rows[0].active))} active-member rows`,
    );

    const time = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } }).catch((err) => {
        throw new Error(`${path} failed; the server's last words: ${server.logs().slice(-2000)}`, { cause: err });
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - t;
    };
    const measure = async (path: string) => {
      for (let i = 0; i < WARMUP; i++) await time(path);
      const xs: number[] = [];
      for (let i = 0; i < SAMPLES; i++) xs.push(await time(path));
      return xs;
    };
    const check = (await (
      await fetch(`${base}/rest/organizations/${org}/insights?days=90`, { headers: { cookie } }).catch((err) => {
        throw new Error(`insights failed; the server's last words: ${server.logs().slice(-2000)}`, { cause: err });
      })
    ).json()) as { totals: { questions: number } };
    if (check.totals.questions !== EVENTS) throw new Error(`insights count ${check.totals.questions} questions, not ${EVENTS}`);
    const baseline = percentile(await measure('/rest/session'), 95);
    const rows: Row[] = [];
    for (const days of [7, 30, 90]) {
      const p95 = percentile(await measure(`/rest/organizations/${org}/insights?days=${days}`), 95);
      rows.push({
        bench: 'org-insights',
        metric: `insights, ${days} days, p95 (1,000 members, 1M events)`,
        measured: `${fmt(p95, 1)} ms`,
        baseline: `${fmt(baseline, 1)} ms (GET /rest/session)`,
        ratio: `${fmt(p95 / baseline, 2)}x`,
        budget: `< ${BUDGET_MS} ms`,
        verdict: verdict(p95 < BUDGET_MS),
      });
    }
    return rows;
  });
}
