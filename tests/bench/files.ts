// Issue budgets (Files), figures only: (1) index throughput of the product's extraction and
// chunking (`extractFile`) on a 100-page PDF and a 10 MB CSV against the bare parser on the same
// bytes (unpdf `extractText`; Papa Parse, the product's CSV parser, on every row), and the same two files uploaded and
// indexed end to end through the server, in MB/s beside the budget (5 MB/s) and the figure
// before; (2) 10 files of 5 MB uploaded and indexed in one batch against the same files only
// written to storage; (3) listing one repository of 10,000 files,
// both list forms, against the same query as plain SQL; (4) `/readyz` p99 while (1) and (2) index
// files, against the same probe with nothing processed (BENCH_FILES_NO_LISTING=1 leaves out (3);
// BENCH_FILES_LISTING_ONLY=1 runs (3) alone).
// The real server (a child process,
// production settings, the local bucket) on a temporary embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Papa from 'papaparse';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import type { StoredEvent } from '../../services/eventstore/types.js';
import { decideIndexResult, decideSubmit } from '../../services/files/decide.js';
import { evolveFile, fileStream, NO_FILE, type Repository } from '../../services/files/events.js';
import { extractFile } from '../../services/files/extract/extract.js';
import { objectKeyFor } from '../../services/files/stored-object.js';
import { largeCsv, largePdf } from '../fixtures/files.js';
import { MY_FILES, postToBucket, uploadAndIndex, uploadUrls, type LocalFile } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { withBenchServer } from './bench-server.js';
import { percentile } from './answers-client.js';
import { probe } from './untrusted.js';
import { fmt, median, medianMs, note, signed, verdict, type Row } from './util.js';
import { allTables } from '../support/all-tables.js';

const ROUNDS = 3;
const PDF_PAGES = 100;
const CSV_MB = 10;
const BATCH_FILES = 10;
const BATCH_FILE_MB = 5;
const LISTED_FILES = 10_000;
const SEED_BATCH = 250;
const SEED_PARALLEL = 4;
const PAGE_SIZE = 100;
const DEEP_OFFSET = 9_900;
const WARMUP = 20;
const SAMPLES = 200;
const LIST_BUDGET_MS = 50;
const IDLE_PROBES = 300;
const READYZ_BUDGET_MS = 100;
// The log consumer that starts indexing workflows (workflows/index-file.ts).
const INDEX_CONSUMER = 'file-index';

const MB = 1024 * 1024;
// Issue 15's budget for indexing end to end, and what main measured before the passages module
// wrote passages in batches through events (e11d005, the same bench).
const BUDGET_MB_S = 5;
const BEFORE = { csv: 1.0, batch: 1.6 } as const;
type Timer = () => Promise<unknown>;
type Person = { browser: Browser; id: string; email: string };

export async function benchFiles(): Promise<Row[]> {
  return withBenchServer('files', { poolSize: SEED_PARALLEL + 2 }, async ({ db, server, databaseUrl }) => {
    const rows: Row[] = [];
    if (process.env.BENCH_FILES_LISTING_ONLY === '1') return listing(server.url, db, databaseUrl);
    const idle = await probe(server.url, '/readyz', { count: IDLE_PROBES });
    const busy: number[] = [];
    const foldLags: number[] = [];
    rows.push(...(await indexThroughput(server.url, busy, db, foldLags)));
    rows.push(...(await batchUpload(server.url, busy, db, foldLags)));
    rows.push(foldLagRow(foldLags));
    rows.push(readyzRow(idle, busy));
    if (process.env.BENCH_FILES_NO_LISTING !== '1') rows.push(...(await listing(server.url, db, databaseUrl)));
    return rows;
  });
}

/** `/readyz` latencies (into `into`) while `work` runs; what `work` gives. */
async function probed<T>(base: string, into: number[], work: () => Promise<T>): Promise<T> {
  const running = work();
  into.push(...(await probe(base, '/readyz', { until: running })));
  return running;
}

function readyzRow(idle: number[], busy: number[]): Row {
  const p99 = percentile(busy, 99);
  note(
    `files: /readyz idle p50 ${fmt(percentile(idle, 50), 1)} / p99 ${fmt(percentile(idle, 99), 1)} ms; while indexing p50 ${fmt(percentile(busy, 50), 1)} / p99 ${fmt(p99, 1)} ms`,
  );
  return {
    bench: 'files, /readyz while the CSV and the batches above are uploaded and indexed',
    metric: `p99 (${fmt(busy.length)} probes)`,
    measured: `${fmt(p99, 1)} ms (p50 ${fmt(percentile(busy, 50), 1)}, max ${fmt(Math.max(...busy), 1)})`,
    baseline: `${fmt(percentile(idle, 99), 1)} ms idle (p50 ${fmt(percentile(idle, 50), 1)}, ${IDLE_PROBES} probes)`,
    ratio: `+${fmt(p99 - percentile(idle, 99), 1)} ms`,
    budget: `< ${READYZ_BUDGET_MS} ms`,
    verdict: verdict(p99 < READYZ_BUDGET_MS),
  };
}

/** Budget 1: extraction in this process against the bare parser, then the same files through the server. */
/**
 * How long after a file (or batch) is COMPLETE its term statistics are folded (issue 31: within
 * 1 s): until passage_stat_changes is empty, polled every 10 ms. Not part of the end to end times.
 */
export async function statisticsFolded(db: Db, into: number[]) {
  const start = performance.now();
  for (;;) {
    const left = await allTables(db).selectFrom('passage_stat_changes').select('id').limit(1).execute();
    if (left.length === 0) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  into.push(performance.now() - start);
}

function foldLagRow(lags: number[]): Row {
  return {
    bench: 'files, term statistics folded after the CSVs and batches above are COMPLETE',
    metric: `ms, median / max of ${lags.length}`,
    measured: `${fmt(median(lags))} / ${fmt(Math.max(...lags))} ms`,
    baseline: 'counted in the file transaction before (0 ms)',
    ratio: '',
    budget: '< 1,000 ms',
    verdict: verdict(Math.max(...lags) < 1000),
  };
}

async function indexThroughput(base: string, busy: number[], db: Db, foldLags: number[]): Promise<Row[]> {
  const pdf = await largePdf(PDF_PAGES);
  const csv = largeCsv(CSV_MB);
  const csvMb = csv.byteLength / MB;
  note(`files: a ${PDF_PAGES}-page PDF of ${fmt(pdf.byteLength / 1024)} KB and a CSV of ${fmt(csvMb, 1)} MB`);

  let pdfPassages = 0;
  let csvPassages = 0;
  let csvRows = 0;
  const product = {
    pdf: await medianMs(ROUNDS, async () => (pdfPassages = (await extractFile(pdf, 'pdf')).passages.length)),
    csv: await medianMs(ROUNDS, async () => (csvPassages = (await extractFile(csv, 'csv')).passages.length)),
  };
  const bare = {
    pdf: await medianMs(ROUNDS, async () => {
      // A copy each time: PDF.js takes over (detaches) the buffer it is given.
      const doc = await getDocumentProxy(new Uint8Array(pdf));
      await extractText(doc, { mergePages: false });
      await doc.loadingTask.destroy();
    }),
    csv: await medianMs(ROUNDS, async () => (csvRows = Papa.parse<string[]>(csv.toString('utf8'), { skipEmptyLines: true }).data.length)),
  };
  note(
    `files: extractFile PDF ${fmt(product.pdf)} ms (${pdfPassages} passages), unpdf ${fmt(bare.pdf)} ms; CSV ${fmt(product.csv)} ms (${fmt(csvPassages)} passages), Papa Parse ${fmt(bare.csv)} ms (${fmt(csvRows)} records)`,
  );

  const person = await signUp(base, 'Bench Indexer');
  const endToEnd = {
    pdf: await medianMs(ROUNDS, (round) => indexedEndToEnd(person.browser, [{ filename: `report-${round}.pdf`, bytes: pdf }]), false),
    csv: 0,
  };
  // Timed by indexedEndToEnd itself, so the probe's last round trip is not counted.
  const csvTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    csvTimes.push(await probed(base, busy, () => indexedEndToEnd(person.browser, [{ filename: `ledger-${round}.csv`, bytes: csv }])));
    await statisticsFolded(db, foldLags);
  }
  endToEnd.csv = median(csvTimes);
  note(`files: end to end PDF ${fmt(endToEnd.pdf)} ms, CSV ${fmt(endToEnd.csv)} ms (medians of ${ROUNDS})`);

  const pagesPerS = (ms: number) => `${fmt(PDF_PAGES / (ms / 1000), 1)} pages/s (${fmt(ms)} ms)`;
  const mbPerS = (ms: number) => `${fmt(csvMb / (ms / 1000), 1)} MB/s (${fmt(ms)} ms)`;
  const pdfLabel = `files, ${PDF_PAGES}-page PDF (${fmt(pdf.byteLength / 1024)} KB)`;
  const csvLabel = `files, ${fmt(csvMb, 1)} MB CSV (${fmt(csvRows)} records)`;
  const median3 = `median of ${ROUNDS}`;
  return [
    {
      bench: `${pdfLabel}, extraction`,
      metric: `pages/s, ${median3}`,
      measured: `${pagesPerS(product.pdf)} extractFile, ${pdfPassages} passages`,
      baseline: `${pagesPerS(bare.pdf)} unpdf extractText`,
      ratio: times(product.pdf, bare.pdf),
      budget: '(figure only)',
      verdict: '',
    },
    {
      bench: `${csvLabel}, extraction`,
      metric: `MB/s, ${median3}`,
      measured: `${mbPerS(product.csv)} extractFile, ${fmt(csvPassages)} passages`,
      baseline: `${mbPerS(bare.csv)} Papa Parse, all rows`,
      ratio: times(product.csv, bare.csv),
      budget: '(figure only)',
      verdict: '',
    },
    {
      bench: `${pdfLabel}, upload + index end to end`,
      metric: `pages/s, ${median3}`,
      measured: pagesPerS(endToEnd.pdf),
      baseline: `${pagesPerS(product.pdf)} extractFile`,
      ratio: `+${fmt(endToEnd.pdf - product.pdf)} ms (x${fmt(endToEnd.pdf / product.pdf, 1)})`,
      budget: '(figure only)',
      verdict: '',
    },
    {
      bench: `${csvLabel}, upload + index end to end`,
      metric: `MB/s, ${median3}`,
      measured: mbPerS(endToEnd.csv),
      baseline: `${mbPerS(product.csv)} extractFile; ${BEFORE.csv} MB/s before batched passages`,
      ratio: `+${fmt(endToEnd.csv - product.csv)} ms (x${fmt(endToEnd.csv / product.csv, 1)})`,
      budget: `>= ${BUDGET_MB_S} MB/s`,
      verdict: verdict(csvMb / (endToEnd.csv / 1000) >= BUDGET_MB_S),
    },
  ];
}

/** Budget 2: one batch of 10 × 5 MB uploaded and indexed, against the same files only stored. */
async function batchUpload(base: string, busy: number[], db: Db, foldLags: number[]): Promise<Row[]> {
  const bytes = largeCsv(BATCH_FILE_MB);
  const totalMb = (bytes.byteLength * BATCH_FILES) / MB;
  const batch = (prefix: string): LocalFile[] => Array.from({ length: BATCH_FILES }, (_, i) => ({ filename: `${prefix}-${i}.csv`, bytes }));
  // One person per side, so each batch is new files in a repository within the plan's limits.
  const indexer = await signUp(base, 'Bench Batch');
  const storer = await signUp(base, 'Bench Store');
  const stored: number[] = [];
  const indexed: number[] = [];
  // Alternated, so a drift of the machine falls on both sides alike.
  for (let round = 0; round < ROUNDS; round++) {
    stored.push(await storedOnly(storer.browser, batch(`stored-${round}`)));
    indexed.push(await probed(base, busy, () => indexedEndToEnd(indexer.browser, batch(`batch-${round}`))));
    await statisticsFolded(db, foldLags);
    note(`files: batch round ${round + 1}: stored only ${fmt(stored.at(-1)!)} ms, uploaded + indexed ${fmt(indexed.at(-1)!)} ms`);
  }
  const [s, i] = [median(stored) / 1000, median(indexed) / 1000];
  return [
    {
      bench: `files, ${BATCH_FILES} × ${fmt(bytes.byteLength / MB, 1)} MB CSV in one batch, upload + index end to end`,
      metric: `total s / MB/s, median of ${ROUNDS}`,
      measured: `${fmt(i, 2)} s / ${fmt(totalMb / i, 1)} MB/s`,
      baseline: `${fmt(s, 2)} s / ${fmt(totalMb / s, 1)} MB/s (storage only); ${BEFORE.batch} MB/s before batched passages`,
      ratio: `x${fmt(i / s, 1)} time`,
      budget: `>= ${BUDGET_MB_S} MB/s`,
      verdict: verdict(totalMb / i >= BUDGET_MB_S),
    },
  ];
}

/** Budget 3: both list forms at 10,000 files in one repository, against the same query as plain SQL. */
async function listing(base: string, db: Db, databaseUrl: string): Promise<Row[]> {
  const person = await signUp(base, 'Bench Lister');
  const seeded = await seedIndexedFiles(db, person, LISTED_FILES);
  await sql`analyze files`.execute(db);
  const total = await allTables(db)
    .selectFrom('files')
    .select(sql<string>`count(*)`.as('n'))
    .where('repo_type', '=', 'USER')
    .where('repo_owner', '=', person.id)
    .executeTakeFirstOrThrow();
  note(`files: seeded ${fmt(Number(total.n))} files in ${fmt(seeded / 1000, 1)} s`);

  const repo = { file_repository_info: MY_FILES };
  const cursor = await cursorAt(person.browser, DEEP_OFFSET);
  const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { v: string; id: string };
  const where = `from files where repo_type = 'USER' and repo_owner = $1`;
  const order = 'order by updated_at desc, file_uuid desc';
  const cases: { name: string; http: Timer; plain: (c: pg.Client) => Timer; budget: boolean }[] = [
    {
      name: `list-files, first page (page_size ${PAGE_SIZE})`,
      http: () => post(person.browser, '/rest/file-repository/list-files', { ...repo, pagination: { page_size: PAGE_SIZE } }),
      plain: (c) => () => c.query({ name: 'first_page', text: `select * ${where} ${order} limit ${PAGE_SIZE + 1}`, values: [person.id] }),
      budget: true,
    },
    {
      name: `list-files, page at ${fmt(DEEP_OFFSET)} by cursor`,
      http: () => post(person.browser, '/rest/file-repository/list-files', { ...repo, pagination: { page_size: PAGE_SIZE, cursor } }),
      plain: (c) => () =>
        c.query({
          name: 'cursor_page',
          text: `select * ${where} and (updated_at, file_uuid) < ($2::timestamptz, $3) ${order} limit ${PAGE_SIZE + 1}`,
          values: [person.id, decoded.v, decoded.id],
        }),
      budget: true,
    },
    {
      name: `files/list, offset ${fmt(DEEP_OFFSET)} (limit ${PAGE_SIZE}, with the total)`,
      http: () => post(person.browser, '/rest/files/list', { ...repo, limit: PAGE_SIZE, offset: DEEP_OFFSET }),
      plain: (c) => async () => {
        await c.query({ name: 'offset_page', text: `select * ${where} ${order} limit ${PAGE_SIZE} offset ${DEEP_OFFSET}`, values: [person.id] });
        await c.query({ name: 'offset_total', text: `select count(*) ${where}`, values: [person.id] });
      },
      budget: true,
    },
    // The floor of any signed-in call: routing, validation and the session lookup.
    {
      name: 'GET /rest/session (floor of a signed-in call)',
      http: () => person.browser.get('/rest/session'),
      plain: (c) => () => c.query('select 1'),
      budget: false,
    },
  ];

  const rows: Row[] = [
    {
      bench: 'files, list data',
      metric: 'rows',
      measured: `${fmt(Number(total.n))} files in one USER repository`,
      baseline: '',
      ratio: `seeded as events in ${fmt(seeded / 1000, 1)} s`,
      budget: '',
      verdict: '',
    },
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const c of cases) {
      const http = await sample(c.http);
      const plain = await sample(c.plain(client));
      const label = `files, ${c.name}, 1 at a time (${SAMPLES} requests)`;
      note(`files: ${label}: HTTP ${pair(http)}, plain SQL ${pair(plain)}`);
      rows.push({
        bench: label,
        metric: 'p50 / p95',
        measured: `${pair(http)} (HTTP)`,
        baseline: `${pair(plain)} (plain SQL)`,
        ratio: `+${fmt(percentile(http, 95) - percentile(plain, 95), 1)} ms at p95 (x${fmt(percentile(http, 95) / percentile(plain, 95), 1)})`,
        budget: c.budget ? `p95 < ${LIST_BUDGET_MS} ms (ours)` : '(figure only)',
        verdict: c.budget ? verdict(percentile(http, 95) < LIST_BUDGET_MS) : '',
      });
    }
  } finally {
    await client.end();
  }
  return rows;
}

/** Upload addresses, the bucket POSTs and indexing until the progress stream ends; ms. Every file must succeed. */
export async function indexedEndToEnd(b: Browser, files: LocalFile[]) {
  const t = performance.now();
  const { events } = await uploadAndIndex(b, MY_FILES, files);
  const ms = performance.now() - t;
  const last = new Map(events.map((e) => [e.data.file_uuid as string, e.data as { status: string; detail?: string }]));
  const failed = [...last.values()].filter((p) => p.status !== 'success');
  if (last.size !== files.length || failed.length) throw new Error(`indexing did not succeed: ${JSON.stringify(failed[0] ?? events.at(-1)?.data)}`);
  return ms;
}

/** The same requests up to the bucket, without indexing; ms. */
async function storedOnly(b: Browser, files: LocalFile[]) {
  const t = performance.now();
  const urls = await uploadUrls(b, MY_FILES, files);
  if (urls.status !== 200) throw new Error(`upload addresses answered ${urls.status}: ${urls.text.slice(0, 300)}`);
  const params = urls.json.file_url_params as { s3_bucket_url: string; fields: Record<string, string> }[];
  if (params.length !== files.length) throw new Error(`${params.length} upload addresses for ${files.length} files`);
  for (const [i, p] of params.entries()) {
    const res = await postToBucket(b.baseUrl, p, files[i]);
    const text = await res.text();
    if (!res.ok) throw new Error(`the bucket answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return performance.now() - t;
}

/**
 * `count` indexed files in the person's My Files, appended as FileSubmitted + FileIndexed through
 * the event store (so the projections write the rows), SEED_BATCH files a transaction. The
 * indexing consumer is held off meanwhile and then moved past them, as if they had been indexed
 * long ago: otherwise the server would queue 10,000 (stale) indexing workflows during the
 * measurement. Returns the ms taken.
 */
async function seedIndexedFiles(db: Db, person: Person, count: number) {
  const store = new EventStore(db, projections);
  const repository: Repository = { type: 'USER', owner_id: person.id };
  const firstAt = Date.now() - count * 60_000;
  const t = performance.now();
  await allTables(db)
    .insertInto('consumer_checkpoints')
    .values({ consumer: INDEX_CONSUMER, tx_id: '0', position: '0', updated_at: new Date() })
    .onConflict((oc) => oc.column('consumer').doNothing())
    .execute();
  await db.transaction().execute(async (hold) => {
    await allTables(hold).selectFrom('consumer_checkpoints').select('consumer').where('consumer', '=', INDEX_CONSUMER).forUpdate().execute();
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_PARALLEL }, async () => {
        for (let from = next++ * SEED_BATCH; from < count; from = next++ * SEED_BATCH)
          await db.transaction().execute(async (trx) => {
            for (let i = from; i < Math.min(count, from + SEED_BATCH); i++) {
              const file_uuid = randomUUID();
              const filename = `report-${String(i).padStart(5, '0')}.pdf`;
              const at = firstAt + i * 60_000;
              const submitted = decideSubmit(
                NO_FILE,
                {
                  file_uuid,
                  repository,
                  filename,
                  content_type: 'application/pdf',
                  file_type: 'pdf',
                  is_attachment: false,
                  file_size: 100_000 + i,
                  object_key: objectKeyFor(repository, file_uuid, randomUUID(), filename),
                  uploaded_by: person.id,
                  uploader_email: person.email,
                },
                false,
                new Date(at),
              );
              const state = submitted.reduce((s, e) => evolveFile(s, e as unknown as StoredEvent), NO_FILE);
              const indexed = decideIndexResult(
                state,
                1,
                { ok: true, title: `Report ${i}`, description: `Quarterly report number ${i} of the benchmark.`, page_count: 3, passage_count: 12 },
                new Date(at + 30_000),
              );
              await store.append(fileStream(file_uuid), 'no_stream', [...submitted, ...indexed], trx);
            }
          });
      }),
    );
    const newest = await allTables(hold)
      .selectFrom('events')
      .select(['tx_id', 'global_position'])
      .orderBy('tx_id', 'desc')
      .orderBy('global_position', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await allTables(hold)
      .updateTable('consumer_checkpoints')
      .set({ tx_id: newest.tx_id, position: newest.global_position, updated_at: new Date() })
      .where('consumer', '=', INDEX_CONSUMER)
      .execute();
  });
  return performance.now() - t;
}

/** Walks the cursor pages to the one starting at `offset`; its cursor. */
async function cursorAt(b: Browser, offset: number) {
  let cursor: string | null = null;
  for (let seen = 0; seen < offset; seen += PAGE_SIZE) {
    const page = (await post(b, '/rest/file-repository/list-files', { file_repository_info: MY_FILES, pagination: { page_size: PAGE_SIZE, cursor } })) as {
      files: unknown[];
      next_cursor: string | null;
    };
    if (page.files.length !== PAGE_SIZE || !page.next_cursor) throw new Error(`list-files gave ${page.files.length} files and no next cursor after ${seen}`);
    cursor = page.next_cursor;
  }
  return cursor!;
}

/** WARMUP untimed then SAMPLES timed sequential calls; the times in ms. */
async function sample(timer: Timer) {
  for (let i = 0; i < WARMUP; i++) await timer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await timer();
    times.push(performance.now() - t);
  }
  return times;
}

async function post(b: Browser, path: string, body: unknown) {
  const res = await b.post(path, body);
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json as unknown;
}

/** A person signed up over HTTP, with their id and email from the session. */
export async function signUp(base: string, name: string): Promise<Person> {
  const browser = await signedUp(base, name);
  const session = await browser.get('/rest/session');
  const user = (session.json as { user: { id: string; email: string } | null }).user;
  if (!user) throw new Error(`no user in the session after sign-up: ${session.text.slice(0, 300)}`);
  return { browser, id: user.id, email: user.email.toLowerCase() };
}

const pair = (xs: number[]) => `${fmt(percentile(xs, 50), 1)} / ${fmt(percentile(xs, 95), 1)} ms`;
const times = (ms: number, base: number) => `x${fmt(ms / base, 2)} time (${signed(ms - base)} ms)`;
