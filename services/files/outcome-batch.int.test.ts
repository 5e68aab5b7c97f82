// Many small files' outcomes in one transaction (outcome-batch.ts), on real PostgreSQL: the
// outcomes arriving while a write runs go together in the next; a file that failed to parse is
// FAILED while the batch's others are COMPLETE with their passages; a stale version changes
// nothing; and a batch that cannot be written is written again file by file, losing no file.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore, type StreamAppend } from '../eventstore/store.js';
import type { Trx } from '../eventstore/types.js';
import type { Storage } from '../storage/storage.js';
import { fileStream } from './events.js';
import { extractFile } from './extract/extract.js';
import { FileExtractError } from './extract/types.js';
import { type IndexDeps, indexFileVersion } from './index-use-case.js';
import { createOutcomeBatcher, recordOutcomes } from './outcome-batch.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const CORRUPT = 'CORRUPT';
const objects = new Map<string, Buffer>();
const storage = {
  head: async (key: string) => (objects.has(key) ? { size: objects.get(key)!.byteLength, contentType: 'text/plain' } : null),
  read: async (key: string) => objects.get(key)!,
} as unknown as Storage;

/** A text file recorded as submitted, its bytes in `objects`. */
async function submitted(store: EventStore, text: string) {
  const fileUuid = randomUUID();
  const bytes = Buffer.from(text);
  objects.set(`files/${fileUuid}`, bytes);
  await store.append(fileStream(fileUuid), 'no_stream', [
    {
      type: 'FileSubmitted',
      data: {
        file_uuid: fileUuid,
        version: 1,
        repository: { type: 'USER', owner_id: 'user-1' },
        filename: `${fileUuid}.txt`,
        content_type: 'text/plain',
        file_type: 'txt',
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
  return fileUuid;
}

/** The store, counting the files of each many-stream append (a batch) and failing the first `failures` of them. */
function countingStore(failures = 0) {
  const store = new EventStore(db, projections);
  const batches: number[] = [];
  const appendToStreams = store.appendToStreams.bind(store);
  store.appendToStreams = async (batch: StreamAppend[], trx?: Trx) => {
    batches.push(batch.length);
    if (failures-- > 0) throw new Error('the database went away mid-batch');
    return appendToStreams(batch, trx);
  };
  return { store, batches };
}

const states = async (uuids: string[]) =>
  Promise.all(
    uuids.map(async (uuid) => {
      const row = await allTables(db).selectFrom('files').select(['file_state', 'error']).where('file_uuid', '=', uuid).executeTakeFirstOrThrow();
      const passages = Number((await sql<{ n: string }>`select count(*) as n from passages where file_uuid = ${uuid}`.execute(db)).rows[0].n);
      return { state: row.file_state, failed: row.error !== null, passages };
    }),
  );

/** Every file's parse is held until all `files` are parsed, so all their outcomes arrive at once. */
function gatedExtract(files: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let arrived = 0;
  const extract: IndexDeps['extract'] = async (bytes, type) => {
    const corrupt = Buffer.from(bytes).toString().includes(CORRUPT);
    const extracted = corrupt ? null : await extractFile(bytes, type);
    if (++arrived === files) release();
    await gate;
    if (!extracted) throw new FileExtractError('This file could not be read.');
    return extracted;
  };
  return extract;
}

test('outcomes arriving together go in one write: a file that failed to parse is FAILED, the others COMPLETE with their passages', async () => {
  const { store, batches } = countingStore();
  const texts = [
    'Hedgerow by gate one.',
    'Ditch cleared in week two.',
    `${CORRUPT} bytes`,
    'Orchard pruned in March.',
    'Stile mended by the lane.',
    'Pond dredged.',
  ];
  const uuids = [];
  for (const t of texts) uuids.push(await submitted(store, t));
  const base: IndexDeps = { store, db, storage, now: () => new Date(), extract: gatedExtract(texts.length) };
  const deps = { ...base, record: createOutcomeBatcher(base) };
  expect(await Promise.all(uuids.map((u) => indexFileVersion(deps, u, 1)))).toEqual(['indexed', 'indexed', 'failed', 'indexed', 'indexed', 'indexed']);
  // The first outcome is written alone at once; the five that came meanwhile, together.
  expect(batches).toEqual([5]);
  const after = await states(uuids);
  expect(after.map((s) => s.state)).toEqual(['COMPLETE', 'COMPLETE', 'FAILED', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
  expect(after.map((s) => s.passages > 0)).toEqual([true, true, false, true, true, true]);
  expect(after[2].failed).toBe(true);
});

test('a batch that cannot be written is written again file by file: no file loses its outcome', async () => {
  const { store, batches } = countingStore(1);
  const uuids = [];
  for (const t of ['One field.', 'Two fields.', 'Three fields.', 'Four fields.']) uuids.push(await submitted(store, t));
  const base: IndexDeps = { store, db, storage, now: () => new Date(), extract: gatedExtract(uuids.length) };
  const deps = { ...base, record: createOutcomeBatcher(base) };
  expect(await Promise.all(uuids.map((u) => indexFileVersion(deps, u, 1)))).toEqual(['indexed', 'indexed', 'indexed', 'indexed']);
  expect(batches).toEqual([3]);
  expect((await states(uuids)).map((s) => s.state)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
});

test('a version no longer being indexed is stale in a batch and changes nothing; the others are written', async () => {
  const { store } = countingStore();
  const deps: IndexDeps = { store, db, storage, now: () => new Date() };
  const a = await submitted(store, 'Barn roof.');
  const b = await submitted(store, 'Gate hinge.');
  const ok = { ok: true as const, title: null, description: '', page_count: null, passage_count: 1 };
  const passage = (content: string) => ({ title: null, pageCount: null, description: '', passages: [{ heading: '', content, page: null, ordinal: 0 }] });
  const results = await recordOutcomes(deps, [
    { fileUuid: a, version: 1, outcome: ok, extracted: passage('Barn roof.') },
    { fileUuid: b, version: 2, outcome: ok, extracted: passage('Gate hinge.') },
  ]);
  expect(results).toEqual(['indexed', 'stale']);
  expect((await states([a, b])).map((s) => [s.state, s.passages])).toEqual([
    ['COMPLETE', 1],
    ['PROCESSING', 0],
  ]);
});
