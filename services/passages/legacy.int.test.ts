// Files indexed before the passages module kept their passages only in the table, not in events.
// Migration 0010 records them as FilePassagesRecorded events, so a rebuild keeps them: the
// passages after `make rebuild-projections` are the ones the file had before the upgrade.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../../tests/support/database.js';
import { passagesSnapshot } from '../../tests/support/passage-postings.js';
import { projections } from '../app/projections.js';
import { createDb, createPool, type Db } from '../db/database.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import { rebuildProjections } from '../eventstore/rebuild.js';
import { EventStore } from '../eventstore/store.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase('legacy', { empty: true });
  drop = database.drop;
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const FILE = '00000000-0000-4000-8000-0000000000f1';
const OWNER = 'user-1';

test('a file indexed before the upgrade keeps its passages through a rebuild', async () => {
  await migrateUpTo(db, '0009_files');
  // As the indexing of that time left it: the file's events, its row, and passages written beside
  // them. (Today's files projection writes tables of later migrations, so the row is written here
  // as the projection of that time wrote it.)
  const old = new EventStore(db, []);
  const at = '2026-01-01T00:00:00.000Z';
  await old.append(`file-${FILE}`, 'no_stream', [
    {
      type: 'FileSubmitted',
      data: {
        file_uuid: FILE,
        version: 1,
        repository: { type: 'USER', owner_id: OWNER },
        filename: 'report.pdf',
        content_type: 'application/pdf',
        file_type: 'pdf',
        is_attachment: false,
        file_size: 10,
        object_key: 'k',
        uploaded_by: OWNER,
        uploader_email: 'a@example.com',
        reason: 'upload',
        submitted_at: at,
      },
    },
    { type: 'FileIndexed', data: { file_uuid: FILE, version: 1, title: 'Report', description: '', page_count: 2, passage_count: 1201, indexed_at: at } },
  ]);
  await sql`insert into files (file_uuid, repo_type, repo_owner, filename, file_title, content_type, file_type, is_attachment, file_size, object_key,
      uploaded_by_user_id, uploader_email, file_state, version, page_count, passage_count, created_at, updated_at)
    values (${FILE}, 'USER', ${OWNER}, 'report.pdf', 'Report', 'application/pdf', 'pdf', false, 10, 'k', ${OWNER}, 'a@example.com', 'COMPLETE', 1, 2, 1201, ${at}, ${at})`.execute(
    db,
  );
  const rows = Array.from({ length: 1201 }, (_, i) => ({
    id: `file:${FILE}:${i}`,
    corpus: `user:${OWNER}`,
    url: `/files/${FILE}?page=${(i % 2) + 1}`,
    title: 'Report',
    heading: `Page ${(i % 2) + 1}`,
    content: `The granite ledger, line ${i}.`,
    ordinal: i,
    file_uuid: FILE,
    page: (i % 2) + 1,
    file_type: 'pdf',
    file_repository_type: 'USER',
  }));
  await sql`insert into passages (id, corpus, url, title, heading, content, ordinal, file_uuid, page, file_type, file_repository_type)
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, corpus text, url text, title text, heading text, content text,
      ordinal int, file_uuid text, page int, file_type text, file_repository_type text)`.execute(db);

  await migrateToLatest(db);
  const snapshot = async () => ({
    ...(await passagesSnapshot(db)),
    corpora: (await sql`select * from passage_corpus_stats order by corpus`.execute(db)).rows,
    terms: (await sql`select * from passage_term_stats order by corpus, term`.execute(db)).rows,
  });
  const upgraded = await snapshot();
  expect(upgraded.passages).toHaveLength(1201);
  const store = new EventStore(db, projections);
  expect((await store.readStream(`file-${FILE}`)).map((e) => e.type)).toEqual([
    'FileSubmitted',
    'FileIndexed',
    'FilePassagesRecorded',
    'FilePassagesRecorded',
    'FilePassagesRecorded',
  ]);

  await rebuildProjections(store);
  expect(await snapshot()).toEqual(upgraded);
});
