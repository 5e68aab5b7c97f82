// After a whole walk of an app whose deltas miss deletions (a deleted Slack message, Jira issue or
// Confluence page), the connection's documents the walk did not see leave the index, its passages
// with them; the others and other connections' stay; run again, nothing is removed twice; and
// when it walked is kept, so the next one waits CONNECTOR_RECONCILE_SECONDS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { allTables } from '../../tests/support/all-tables.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { type AppSyncDeps, removeUnseenDocuments } from './app-sync.js';
import { documentSource } from './document-feed.js';
import { decideSyncDocument, documentStream, evolveDocument, NO_DOCUMENT } from './documents.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
let deps: AppSyncDeps;
const now = new Date('2026-12-03T10:00:00Z');

beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
  store = new EventStore(db, projections);
  deps = { db, store, now: () => now, logger: pino({ level: 'silent' }), connectors: {} as AppSyncDeps['connectors'] };
});
afterAll(async () => close?.());

async function synced(connection: string, remoteId: string, text: string) {
  const stream = documentStream(connection, remoteId);
  const { state, version } = await store.aggregate(stream, NO_DOCUMENT, evolveDocument);
  const events = decideSyncDocument(
    state,
    {
      connection_uuid: connection,
      connector: 'slack',
      remote_id: remoteId,
      corpus: 'user:u-walk',
      kind: 'MESSAGE',
      title: `#hives ${remoteId}`,
      text,
      url: null,
      updated_at: null,
      authors: [],
      container: 'hives',
      readers: null,
    },
    now,
  );
  await store.append(stream, version, events);
}
const documents = async (connection: string) =>
  (await allTables(db).selectFrom('connector_documents').select('remote_id').where('connection_uuid', '=', connection).orderBy('remote_id').execute()).map(
    (d) => d.remote_id,
  );
const passagesOf = async (connection: string, remoteId: string) =>
  (await allTables(db).selectFrom('passages').select('id').where('source', '=', documentSource(connection, remoteId)).execute()).length;

describe('documents a whole walk did not see', () => {
  test('leave the index with their passages, once; the seen ones and other connections stay; when it walked is kept', async () => {
    const mine = randomUUID();
    const other = randomUUID();
    await synced(mine, 'c1:100', 'Queen cells are capped on the ninth day.');
    await synced(mine, 'c1:200', 'Drones leave the hive in the afternoon.');
    await synced(other, 'c1:100', 'A message of another connection.');
    expect(await passagesOf(mine, 'c1:200')).toBeGreaterThan(0);

    expect(await removeUnseenDocuments(deps, mine, ['c1:100'])).toBe(1);
    expect(await documents(mine)).toEqual(['c1:100']);
    expect(await documents(other)).toEqual(['c1:100']);
    expect(await passagesOf(mine, 'c1:200')).toBe(0);
    expect(await passagesOf(mine, 'c1:100')).toBeGreaterThan(0);
    const removed = await allTables(db)
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'ConnectorDocumentRemoved')
      .where('stream_id', '=', documentStream(mine, 'c1:200'))
      .execute();
    expect(removed.map((r) => (r.data as { reason: string }).reason)).toEqual(['removed_at_source']);

    // Run again (a step retried): nothing more goes.
    expect(await removeUnseenDocuments(deps, mine, ['c1:100'])).toBe(0);
    const sync = await allTables(db).selectFrom('connector_syncs').select('reconciled_at').where('connection_uuid', '=', mine).executeTakeFirstOrThrow();
    expect(new Date(sync.reconciled_at!).toISOString()).toBe(now.toISOString());
  });
});
