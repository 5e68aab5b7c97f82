// Issue 32's sync budgets, figures only: (1) the first sync of N small text files in one Google
// Drive folder (the Drive fake in this process, on 127.0.0.1), end to end until every file is
// COMPLETE in My Files, against the same files uploaded and indexed by another person in the same
// run; (2) a delta where 1% of them changed (a delta on demand: POST /rest/files/resync naming no
// item), until every changed file is indexed again, against the first sync's time, with the Drive
// calls it made against the changed files; the server's resident memory is sampled during (1). N is BENCH_CONNECTOR_FILES (default 2,000: the issue's
// 10,000 is sized for a machine to itself). The real server (a child process, production
// settings) on a temporary embedded PostgreSQL.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createFakeDrive, FOLDER } from '../fakes/oauth/google-drive.js';
import { startOAuthFake } from '../fakes/oauth/provider.js';
import type { Db } from '../../services/db/database.js';
import { allTables } from '../support/all-tables.js';
import { MY_FILES, uploadAndIndex, type LocalFile } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { withBenchServer } from './bench-server.js';
import { fmt, median, note, pct, sleep, verdict, type Row } from './util.js';

const N = Number(process.env.BENCH_CONNECTOR_FILES ?? 2000);
const CHANGED = Math.max(1, Math.round(N / 100));
const UPLOAD_BATCH = 10;
const UPLOAD_PARALLEL = 4;
const CLIENT = { clientId: 'bench-drive-client', clientSecret: 'bench-drive-secret-0000' };
const BUDGET_FILES_S = 50;
const TIMEOUT_MS = 30 * 60_000;

const text = (i: number, edit = '') => `Field note ${i}${edit}: the hedgerow by gate ${i % 97} was cut in week ${i % 52}, and the ditch cleared.`;

export async function benchConnectors(): Promise<Row[]> {
  const drive = createFakeDrive();
  const google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  try {
    drive.put({ id: 'notes', name: 'Notes', mimeType: FOLDER, parents: ['my-drive'] });
    for (let i = 0; i < N; i++) drive.put({ id: `note-${i}`, name: `note-${i}.txt`, mimeType: 'text/plain', parents: ['notes'], content: text(i) });
    return await withBenchServer(
      'connectors',
      {
        poolSize: 4,
        env: {
          CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
          CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
          CONNECTOR_GOOGLE_BASE_URL: google.url,
          FILE_LIMITS: `free=${N * 2}/${N * 4}`,
          SIGN_IN_RATE_LIMIT: '1000',
        },
      },
      async ({ db, server }) => {
        // The baseline first: the same files uploaded and indexed by another person.
        const uploader = await signedUp(server.url, 'Uploader');
        const uploaded = await timed(async () => {
          const files: LocalFile[] = Array.from({ length: N }, (_, i) => ({ filename: `note-${i}.txt`, bytes: new TextEncoder().encode(text(i)) }));
          let next = 0;
          const worker = async () => {
            for (let at = next; at < N; at = next) {
              next += UPLOAD_BATCH;
              await uploadAndIndex(uploader, MY_FILES, files.slice(at, at + UPLOAD_BATCH));
            }
          };
          await Promise.all(Array.from({ length: UPLOAD_PARALLEL }, worker));
          await untilComplete(db, N);
        });
        note(`connectors: ${fmt(N)} files uploaded and indexed in ${fmt(uploaded / 1000, 1)} s`);

        const ada = await signedUp(server.url, 'Ada');
        await connectDrive(server.url, ada);
        const rss = sampleRss(server.child.pid);
        const first = await timed(async () => {
          const picked = await ada.post('/rest/connectors/google_drive/files', { folder_ids: ['notes'], file_repository_info: MY_FILES });
          if (picked.status !== 202) throw new Error(`pick: ${picked.status} ${picked.text}`);
          await untilComplete(db, 2 * N);
        });
        const memory = rss.stop();
        note(`connectors: first sync of ${fmt(N)} files in ${fmt(first / 1000, 1)} s; server RSS ${memory.text}`);

        const calls = drive.state.total;
        for (let i = 0; i < CHANGED; i++) drive.edit(`note-${i * 100}`, { content: text(i * 100, ' (revised)') });
        const delta = await timed(async () => {
          const res = await ada.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { remote_file_ids: ['no-such-item'] } });
          if (res.status !== 202) throw new Error(`resync: ${res.status} ${res.text}`);
          await untilRevised(db, CHANGED);
        });
        const deltaCalls = drive.state.total - calls;
        note(`connectors: delta of ${fmt(CHANGED)} changed files in ${fmt(delta / 1000, 1)} s, ${deltaCalls} Drive calls`);

        const syncRate = N / (first / 1000);
        const uploadRate = N / (uploaded / 1000);
        return [
          {
            bench: `connectors, first sync of ${fmt(N)} small text files from the Drive fake, until all COMPLETE`,
            metric: 'files/s',
            measured: `${fmt(syncRate, 1)} files/s (${fmt(first / 1000, 1)} s)`,
            baseline: `${fmt(uploadRate, 1)} files/s uploaded (${fmt(uploaded / 1000, 1)} s)`,
            ratio: `${fmt(syncRate / uploadRate, 2)}x`,
            budget: `>= ${BUDGET_FILES_S} files/s`,
            verdict: verdict(syncRate >= BUDGET_FILES_S),
          },
          {
            bench: `connectors, the server's resident memory during that first sync`,
            metric: 'MB, first quarter / last quarter median (peak)',
            measured: memory.text,
            baseline: 'flat: the last quarter within 25% of the first',
            ratio: memory.growth === null ? '' : pct(memory.growth),
            budget: '< 25% growth',
            verdict: memory.growth === null ? '' : verdict(memory.growth < 0.25),
          },
          {
            bench: `connectors, delta with 1% (${fmt(CHANGED)}) of ${fmt(N)} files changed, until re-indexed`,
            metric: 'time vs first sync',
            measured: `${fmt(delta / 1000, 2)} s`,
            baseline: `${fmt(first / 1000, 1)} s first sync`,
            ratio: pct(delta / first),
            budget: '< 5%',
            verdict: verdict(delta / first < 0.05),
          },
          {
            bench: 'connectors, Drive calls of that delta',
            metric: 'calls per changed file',
            measured: `${deltaCalls} calls`,
            baseline: `${fmt(CHANGED)} changed files`,
            ratio: `${fmt(deltaCalls / CHANGED, 2)}x`,
            budget: '<= 2x',
            verdict: verdict(deltaCalls <= 2 * CHANGED),
          },
        ];
      },
    );
  } finally {
    await google.close();
  }
}

/** The process's resident memory (Linux /proc), sampled every second until stopped. */
function sampleRss(pid: number | undefined) {
  const samples: number[] = [];
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (kb) samples.push(kb / 1024);
    } catch {}
  };
  read();
  const timer = setInterval(read, 1000);
  return {
    stop() {
      clearInterval(timer);
      read();
      const quarter = Math.max(1, Math.floor(samples.length / 4));
      const early = median(samples.slice(0, quarter));
      const late = median(samples.slice(-quarter));
      const growth = samples.length ? late / early - 1 : null;
      return { growth, text: samples.length ? `${fmt(early)} / ${fmt(late)} MB (peak ${fmt(Math.max(...samples))})` : 'not measured (no /proc)' };
    },
  };
}

async function timed(work: () => Promise<void>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function connectDrive(base: string, b: Browser) {
  const started = await b.get('/rest/connectors/google_drive/connect');
  if (started.status !== 200) throw new Error(`connect: ${started.status} ${started.text}`);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  await b.get(callback.replace(base, ''));
}

async function poll(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const untilComplete = (db: Db, n: number) =>
  poll(`${n} files COMPLETE`, async () => {
    const row = await allTables(db).selectFrom('files').select(sql<string>`count(*)`.as('n')).where('file_state', '=', 'COMPLETE').executeTakeFirstOrThrow();
    return Number(row.n) >= n;
  });

const untilRevised = (db: Db, n: number) =>
  poll(`${n} revised files indexed`, async () => {
    const row = await allTables(db)
      .selectFrom('passages')
      .select(sql<string>`count(distinct file_uuid)`.as('n'))
      .where('content', 'like', '%(revised)%')
      .executeTakeFirstOrThrow();
    return Number(row.n) >= n;
  });
