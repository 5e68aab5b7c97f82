// Migration 0049 on a database from before it: each synced file gets its connection back from its
// FileSubmitted event, each passage its origin (a synced file's connection, an app document's from
// its source), and the connections whose last event disconnected or deleted them are withheld.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../../tests/support/database.js';
import { projections } from '../../app/projections.js';
import { EventStore } from '../../eventstore/store.js';
import { applyPassageOp } from '../../passages/index.js';
import type { Db } from '../database.js';
import { up } from './0049_withheld_connections.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const at = '2026-12-01T00:00:00.000Z';
const established = (c: string) => ({
  type: 'ConnectionEstablished',
  data: {
    connection_uuid: c,
    connector: 'google_drive',
    owner_user_id: 'u1',
    org_uuid: null,
    account_id: `a-${c}`,
    display_name: 'Ida',
    scope: null,
    established_at: at,
  },
});
const disconnected = (c: string) => ({
  type: 'ConnectionDisconnected',
  data: { connection_uuid: c, by_user_id: 'u1', reason: 'by_person', disconnected_at: at },
});
const renewed = (c: string) => ({
  type: 'ConnectionRenewed',
  data: { connection_uuid: c, by_user_id: 'u1', display_name: 'Ida', scope: null, renewed_at: at },
});
const submitted = (file: string, source: { connection_uuid: string } | null) => ({
  type: 'FileSubmitted',
  data: {
    file_uuid: file,
    version: 1,
    repository: { type: 'USER', owner_id: 'u1' },
    filename: `${file}.txt`,
    content_type: 'text/plain',
    file_type: 'txt',
    is_attachment: false,
    file_size: 3,
    object_key: `key-${file}`,
    uploaded_by: 'u1',
    uploader_email: 'u1@example.com',
    ...(source ? { source: { ...source, connection_type: 'google_drive', remote_id: `r-${file}`, url: null } } : {}),
    reason: 'upload',
    submitted_at: at,
  },
});
const passage = (id: string, file: string | null) => ({
  id,
  url: `/d/${id}`,
  title: 'Doc',
  heading: '',
  content: 'hive notes',
  ordinal: 0,
  page: null,
  ...(file ? { file: { file_uuid: file, file_type: 'txt', repository_type: 'USER' } } : {}),
});

test('synced files get their connection, passages their origin, and the connections not connected are withheld', async () => {
  const store = new EventStore(db, projections);
  await store.append('connection-c1', 'no_stream', [established('c1'), disconnected('c1')] as never);
  await store.append('connection-c2', 'no_stream', [established('c2')] as never);
  await store.append('connection-c3', 'no_stream', [established('c3'), disconnected('c3'), renewed('c3')] as never);
  await store.append('file-f1', 'no_stream', [submitted('f1', { connection_uuid: 'c1' })] as never);
  await store.append('file-f2', 'no_stream', [submitted('f2', null)] as never);
  await db.transaction().execute(async (trx) => {
    await applyPassageOp(trx, { kind: 'put', corpus: 'user:u1', source: 'file:f1', replace: false, passages: [passage('file:f1:0', 'f1')] });
    await applyPassageOp(trx, { kind: 'put', corpus: 'user:u1', source: 'file:f2', replace: false, passages: [passage('file:f2:0', 'f2')] });
    await applyPassageOp(trx, { kind: 'put', corpus: 'user:u1', source: 'connector:c2:doc-1', replace: false, passages: [passage('connector:c2:x:0', null)] });
  });
  // As the schema was before.
  await sql`drop table file_withheld_connections`.execute(db);
  await sql`drop table passage_withheld_origins`.execute(db);
  await sql`alter table files drop column connection_uuid`.execute(db);
  await sql`alter table passages drop column origin`.execute(db);

  await up(db as never);
  expect((await sql`select file_uuid, connection_uuid from files order by file_uuid`.execute(db)).rows).toEqual([
    { file_uuid: 'f1', connection_uuid: 'c1' },
    { file_uuid: 'f2', connection_uuid: null },
  ]);
  expect((await sql`select id, origin from passages order by id`.execute(db)).rows).toEqual([
    { id: 'connector:c2:x:0', origin: 'c2' },
    { id: 'file:f1:0', origin: 'c1' },
    { id: 'file:f2:0', origin: null },
  ]);
  expect((await sql`select connection_uuid from file_withheld_connections`.execute(db)).rows).toEqual([{ connection_uuid: 'c1' }]);
  expect((await sql`select origin from passage_withheld_origins`.execute(db)).rows).toEqual([{ origin: 'c1' }]);
});
