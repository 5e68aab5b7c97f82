// Untrusted content is parsed off the thread that answers requests: while a hostile Markdown file
// is indexed and hostile pages are added as Space links, the server answers every /readyz probe
// (once, each froze it for seconds to minutes). A file past its worker's time or memory limit
// ends FAILED with the reason.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { fileStream } from '../../services/files/events.js';
import { extractFileInWorker, TOO_MUCH_MEMORY } from '../../services/files/extract/extract-in-worker.js';
import { TOO_SLOW } from '../../services/files/extract/timeout.js';
import { DEFAULT_EXTRACT_LIMITS } from '../../services/files/extract/types.js';
import { indexFileVersion } from '../../services/files/index-use-case.js';
import type { Storage } from '../../services/storage/storage.js';
import { createWorkerPool, type WorkerLimits } from '../../services/workers/index.js';
import { largeCsv } from '../fixtures/files.js';
import { createTestDatabase, migratedDb } from '../support/database.js';
import { MY_FILES, uploadAndIndex } from '../support/files.js';
import { signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

// A heading line ending in a long run of blanks (the old heading pattern backtracked
// quadratically: 60 KB froze the server for 9 s), then a body worth finding.
const HOSTILE_MARKDOWN = `# Lanterns${' '.repeat(100_000)}x\nLanterns are lit at dusk.\n`;
// One long table (2 MB froze the server for 6 s; this one is 1 MB) and deeply nested markup (1 MB froze it for 3 s).
const tableRow = (i: number) => `<tr><td>lamp ${i}</td><td>wick ${i}</td><td>oil and glass ${i}</td></tr>`;
const LONG_TABLE = `<!doctype html><html><head><title>Lamp table</title></head><body><table>${Array.from({ length: 13_000 }, (_, i) => tableRow(i)).join('')}</table></body></html>`;
const NESTED = `<!doctype html><html><head><title>Nested</title></head><body>${'<div><span>'.repeat(45_000)}deep lamp${'</span></div>'.repeat(45_000)}</body></html>`;

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let site: Server;
let siteUrl: string;
let dataDir: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    const body = req.url === '/table' ? LONG_TABLE : req.url === '/nested' ? NESTED : null;
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'untrusted-int-'));
  database = await createTestDatabase('untrusted');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir, SPACE_LINKS_ALLOW_PRIVATE_HOSTS: new URL(siteUrl).host },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await new Promise((resolve) => site?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Probes /readyz every PROBE_GAP_MS until `work` settles. A probe the server does not answer
 * within 5 s counts as unanswered: a frozen event loop answers nothing until it is free. Probes
 * back to back (hundreds a second) took the CPU the work itself needed, and caught no freeze a
 * probe every 50 ms misses: only a freeze of 5 s counts.
 */
const PROBE_GAP_MS = 50;
async function probedDuring<T>(work: Promise<T>): Promise<{ result: T; answered: number; unanswered: number }> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  let answered = 0;
  let unanswered = 0;
  const probing = (async () => {
    while (!settled) {
      const ok = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) answered++;
      else unanswered++;
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  })();
  const result = await done;
  await probing;
  return { result, answered, unanswered };
}

describe('the server keeps answering', () => {
  test('while a Markdown file with a hostile heading line is indexed', { timeout: 120_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    const { result, answered, unanswered } = await probedDuring(
      uploadAndIndex(ada, MY_FILES, [{ filename: 'lanterns.md', bytes: new TextEncoder().encode(HOSTILE_MARKDOWN) }]),
    );
    expect(result.events.at(-1)?.data).toMatchObject({ filename: 'lanterns.md', status: 'success' });
    expect({ answered: answered > 0, unanswered }).toEqual({ answered: true, unanswered: 0 });
    const file = (await ada.get(`/rest/file-repository/files/${result.uuids[0]}`)).json;
    expect(file.passages).toEqual([expect.objectContaining({ heading: 'Lanterns x', content: 'Lanterns are lit at dusk.' })]);
  });

  test('while a page of one long table and a page of deeply nested markup are added to a Space', { timeout: 180_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Lamps' })).json;
    const add = (path: string) => ada.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link: `${siteUrl}${path}` });
    const { result, answered, unanswered } = await probedDuring(Promise.all([add('/table'), add('/nested')]));
    expect({ answered: answered > 0, unanswered }).toEqual({ answered: true, unanswered: 0 });
    const [table, nested] = result;
    expect(table.status, table.text).toBe(200);
    // Deep nesting took the parser time quadratic in the depth (up to its 30 s limit on a busy
    // machine) until htmlparser2 was patched (patches/htmlparser2+10.1.0.patch): now it is read.
    expect(nested.status, nested.text).toBe(200);
    // The table's text is longer than a link keeps: the link says it was cut.
    const links = (await ada.get(`/rest/collections/get_collection?collection_slug=${space.uuid}`)).json.focused_web_config.link_configs;
    expect(links).toContainEqual({ link: `${siteUrl}/table`, title: 'Lamp table', added_at: expect.any(String), text_truncated: true });
  });
});

describe('a file past its worker limits', () => {
  let migrated: { db: Db; close: () => Promise<void> };
  beforeAll(async () => {
    migrated = await migratedDb(2);
  });
  afterAll(() => migrated?.close());

  // A file recorded as submitted, and indexing it with the given worker limits.
  async function indexWithin(limits: WorkerLimits, bytes: Buffer) {
    const { db } = migrated;
    const store = new EventStore(db, projections);
    const fileUuid = randomUUID();
    await store.append(fileStream(fileUuid), 'no_stream', [
      {
        type: 'FileSubmitted',
        data: {
          file_uuid: fileUuid,
          version: 1,
          repository: { type: 'USER', owner_id: 'user-1' },
          filename: 'ledger.csv',
          content_type: 'text/csv',
          file_type: 'csv',
          is_attachment: false,
          file_size: bytes.byteLength,
          object_key: `files/${fileUuid}`,
          uploaded_by: 'user-1',
          uploader_email: 'user-1@example.com',
          reason: 'upload',
          submitted_at: new Date().toISOString(),
        },
      },
    ]);
    const storage = { head: async () => ({ size: bytes.byteLength, contentType: 'text/csv' }), read: async () => bytes } as unknown as Storage;
    const pool = createWorkerPool({ processes: 1, limits });
    try {
      const outcome = await indexFileVersion(
        { store, db, storage, now: () => new Date(), extract: (b, type) => extractFileInWorker(b, type, DEFAULT_EXTRACT_LIMITS, pool) },
        fileUuid,
        1,
      );
      const row = await allTables(db).selectFrom('files').select(['file_state', 'error']).where('file_uuid', '=', fileUuid).executeTakeFirstOrThrow();
      return { outcome, row };
    } finally {
      await pool.close();
    }
  }

  test('ends FAILED, saying it took too long, when it runs past the time limit', async () => {
    // No 2 MB file is read in a millisecond.
    expect(await indexWithin({ timeMs: 1, memoryMb: 512 }, largeCsv(2))).toEqual({ outcome: 'failed', row: { file_state: 'FAILED', error: TOO_SLOW } });
  });

  test('ends FAILED, saying it needs too much memory, when it needs more than the memory limit', async () => {
    expect(await indexWithin({ timeMs: 60_000, memoryMb: 16 }, largeCsv(8))).toEqual({
      outcome: 'failed',
      row: { file_state: 'FAILED', error: TOO_MUCH_MEMORY },
    });
  });
});
