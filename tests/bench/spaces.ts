// Issue budget (Spaces): `list_user_collections` p95 at 1,000 Spaces per user and
// `get_collection` p95, each against a plain SELECT of the same rows in the same run. Figures
// only. The real server (a child process, production settings) on a temporary embedded
// PostgreSQL; everything is seeded over HTTP: one user with 1,000 Spaces, a second user invited
// to (and a member of) 100 of them, and 20 other users with 100 Spaces each. Each case runs
// N sequential requests after a warm-up, then N more with 20 in flight; the baseline is the plain
// SELECT of the same rows on the same database, timed the same way through pg.
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../services/db/database.js';
import { userSpacesQuery } from '../../services/spaces/queries.js';
import { withBenchServer } from './bench-server.js';
import { percentile } from './answers-client.js';
import { fmt, note, type Row } from './util.js';
import { allTables } from '../support/all-tables.js';

const OWN_SPACES = 1000;
const SHARED_WITH_MEMBER = 100;
const OTHER_USERS = 20;
const SPACES_PER_OTHER = 100;
const SEED_CONCURRENCY = 8;
const SAMPLES = 300;
const WARMUP = 30;
const CONCURRENT = 20;
const PAGE = 50;
const DEEP_OFFSET = 950;

type User = { cookie: string; id: string; email: string };
type Timer = () => Promise<void>;
/** One measured case: the HTTP call and the plain SQL of the same rows, for request i. */
type Case = { name: string; http: (i: number) => Timer; plain: (c: pg.ClientBase, i: number) => Timer; direct?: (c: pg.ClientBase, i: number) => Timer };

export async function benchSpaces(): Promise<Row[]> {
  // Sign-up is limited per address; the bench signs 22 people up from one.
  return withBenchServer('spaces', { poolSize: CONCURRENT + 2, env: { SIGN_IN_RATE_LIMIT: '1000' } }, async ({ db, server, databaseUrl }) => {
    const base = server.url;

    const seedStarted = performance.now();
    const owner = await signUp(base, db, 'owner');
    const member = await signUp(base, db, 'member');
    const others = await Promise.all(Array.from({ length: OTHER_USERS }, (_, i) => signUp(base, db, `other${i}`)));
    const own = await createSpaces(base, [owner], OWN_SPACES);
    await createSpaces(base, others, SPACES_PER_OTHER);
    await inParallel(SHARED_WITH_MEMBER, SEED_CONCURRENCY, async (i) => {
      await call(base, owner, 'POST', `/rest/collections/${own[i].uuid}/members`, { email: member.email, role: 'WRITER' });
      await call(base, member, 'POST', `/rest/collections/${own[i].uuid}/members/accept`);
    });
    // Statistics as autovacuum would leave them on a live table, so plans are the steady ones.
    await sql`analyze spaces, space_members, "user"`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const counts = await countRows(db, owner, member);
    note(
      `spaces: seeded in ${fmt(seedSeconds, 1)} s: ${fmt(counts.spaces)} Spaces in the table, ${fmt(counts.owned)} of the owner, member of ${fmt(counts.memberOf)}, ${fmt(counts.members)} member rows`,
    );

    // The same random picks for the server and the baseline.
    const picks = Array.from({ length: WARMUP + SAMPLES }, () => own[Math.floor(Math.random() * own.length)]);
    const plainList = (userId: string, offset: number) => (c: pg.ClientBase) => () =>
      c
        .query({
          name: 'plain_list',
          text: 'select * from spaces where owner_user_id = $1 order by updated_at desc limit $2 offset $3',
          values: [userId, PAGE, offset],
        })
        .then(() => {});
    const serverList = (user: User, offset: number) => (c: pg.ClientBase) => {
      const q = userSpacesQuery(user, PAGE, offset).compile(db);
      return () => c.query({ text: q.sql, values: [...q.parameters] }).then(() => {});
    };
    const listCase = (name: string, user: User, offset: number, plainUserSql: (c: pg.ClientBase) => Timer): Case => ({
      name,
      http: () => () => call(base, user, 'GET', `/rest/collections/list_user_collections?limit=${PAGE}&offset=${offset}`).then(() => {}),
      plain: (c) => plainUserSql(c),
      direct: (c) => serverList(user, offset)(c),
    });
    const cases: Case[] = [
      listCase(`list_user_collections, first page (owner of ${fmt(counts.owned)})`, owner, 0, plainList(owner.id, 0)),
      listCase(`list_user_collections, offset ${DEEP_OFFSET} (owner of ${fmt(counts.owned)})`, owner, DEEP_OFFSET, plainList(owner.id, DEEP_OFFSET)),
      listCase(
        `list_user_collections, first page (member of ${fmt(counts.memberOf)})`,
        member,
        0,
        (c) => () =>
          c
            .query({
              name: 'plain_member_list',
              text: 'select s.* from space_members m join spaces s on s.uuid = m.space_uuid where m.email = $1 order by s.updated_at desc limit $2',
              values: [member.email, PAGE],
            })
            .then(() => {}),
      ),
      {
        name: 'get_collection by slug (random Space of the owner)',
        http: (i) => () => call(base, owner, 'GET', `/rest/collections/get_collection?collection_slug=${encodeURIComponent(picks[i].slug)}`).then(() => {}),
        plain: (c, i) => () => c.query({ name: 'plain_get', text: 'select * from spaces where uuid = $1', values: [picks[i].uuid] }).then(() => {}),
      },
      // The floor of any signed-in call: routing, validation and the session lookup.
      {
        name: 'GET /rest/session (floor of a signed-in call)',
        http: () => () => call(base, owner, 'GET', '/rest/session').then(() => {}),
        plain: (c) => () => c.query('select 1').then(() => {}),
      },
    ];

    const rows: Row[] = [
      {
        bench: 'spaces, data',
        metric: 'rows',
        measured: `${fmt(counts.spaces)} Spaces in the table; owner ${fmt(counts.owned)}, member ${fmt(counts.memberOf)}`,
        baseline: `${fmt(counts.members)} member rows, ${OTHER_USERS + 2} users`,
        ratio: `seeded over HTTP in ${fmt(seedSeconds, 1)} s`,
        budget: '',
        verdict: '',
      },
    ];
    for (const c of cases) {
      for (const concurrency of [1, CONCURRENT]) {
        const http = await measure(concurrency, (_, i) => c.http(i));
        const plain = await withClients(databaseUrl, concurrency, (clients) => measure(concurrency, (w, i) => c.plain(clients[w], i)));
        const direct = c.direct ? await withClients(databaseUrl, concurrency, (clients) => measure(concurrency, (w, i) => c.direct!(clients[w], i))) : null;
        const label = `spaces, ${c.name}, ${concurrency === 1 ? '1 at a time' : `${concurrency} concurrent`} (${SAMPLES} requests)`;
        note(`spaces: ${label}: HTTP ${pair(http)}, plain SQL ${pair(plain)}${direct ? `, server's SQL direct ${pair(direct)}` : ''}`);
        rows.push({
          bench: label,
          metric: 'p50 / p95',
          measured: `${pair(http)} (HTTP)`,
          baseline: `${pair(plain)} (plain SQL)`,
          ratio: ratio(http, plain),
          budget: '(figure only)',
          verdict: '',
        });
        if (direct)
          rows.push({
            bench: label,
            metric: "server's SQL, direct",
            measured: `${pair(direct)} (userSpacesQuery)`,
            baseline: `${pair(plain)} (plain SQL)`,
            ratio: ratio(direct, plain),
            budget: '(figure only)',
            verdict: '',
          });
      }
    }
    return rows;
  });
}

/** WARMUP untimed then SAMPLES timed calls, `concurrency` in flight; worker w runs timer(w, i). */
async function measure(concurrency: number, timer: (worker: number, i: number) => Timer) {
  await inParallel(WARMUP, concurrency, (i, w) => timer(w, i)());
  const times: number[] = [];
  await inParallel(SAMPLES, concurrency, async (i, w) => {
    const run = timer(w, WARMUP + i);
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  });
  return times;
}

/** Runs task(0..count-1) with at most `limit` in flight; `worker` tells which slot runs it. */
async function inParallel(count: number, limit: number, task: (i: number, worker: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async (_, worker) => {
      for (let i = next++; i < count; i = next++) await task(i, worker);
    }),
  );
}

/** One pg connection per concurrent worker, as the server's pool would hold them. */
async function withClients<T>(url: string, n: number, fn: (clients: pg.Client[]) => Promise<T>) {
  const clients = await Promise.all(
    Array.from({ length: n }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  try {
    return await fn(clients);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

async function call(base: string, user: User, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie: user.cookie, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Signs a person up over HTTP; their Cookie header, id and email. */
async function signUp(base: string, db: Db, who: string): Promise<User> {
  const email = `bench-${who}-${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: `Bench ${who}`, email, password: 'bench-password-123456' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = await allTables(db).selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, id: user.id, email };
}

/** `perUser` Spaces for each user, SEED_CONCURRENCY requests in flight; the Spaces made. */
async function createSpaces(base: string, users: User[], perUser: number) {
  const made: { uuid: string; slug: string }[] = [];
  const total = users.length * perUser;
  await inParallel(total, SEED_CONCURRENCY, async (i) => {
    const user = users[i % users.length];
    const space = (await call(base, user, 'POST', '/rest/collections/create_collection', {
      title: `Bench Space ${i}`,
      description: `Space number ${i} of the benchmark.`,
    })) as { uuid: string; slug: string };
    made.push({ uuid: space.uuid, slug: space.slug });
    if ((i + 1) % 500 === 0) note(`spaces: created ${fmt(i + 1)} of ${fmt(total)}`);
  });
  return made;
}

async function countRows(db: Db, owner: User, member: User) {
  const r = await sql<{ spaces: string; owned: string; member_of: string; members: string }>`
    select (select count(*) from spaces) as spaces,
           (select count(*) from spaces where owner_user_id = ${owner.id}) as owned,
           (select count(*) from space_members where email = ${member.email}) as member_of,
           (select count(*) from space_members) as members`.execute(db);
  const c = r.rows[0];
  return { spaces: Number(c.spaces), owned: Number(c.owned), memberOf: Number(c.member_of), members: Number(c.members) };
}

const pair = (xs: number[]) => `${fmt(percentile(xs, 50), 1)} / ${fmt(percentile(xs, 95), 1)} ms`;
const ratio = (xs: number[], base: number[]) => {
  const p95 = percentile(xs, 95);
  const b = percentile(base, 95);
  return `+${fmt(p95 - b, 1)} ms at p95 (x${fmt(p95 / b, 1)})`;
};
