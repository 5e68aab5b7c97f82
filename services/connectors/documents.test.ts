import { expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { documentPassageFeed } from './document-feed.js';
import { decideRemoveDocument, decideResolveGroup, decideSyncDocument, evolveDocument, NO_DOCUMENT, NO_GROUP, type SyncedDocument } from './documents.js';

const now = new Date('2026-02-01T10:00:00Z');
const doc: SyncedDocument = {
  connection_uuid: 'c1',
  connector: 'notion',
  remote_id: 'page-1',
  corpus: 'user:u1',
  kind: 'PAGE',
  title: 'Hive plan',
  text: 'Inspect the brood every nine days in swarm season.',
  url: 'https://www.notion.so/Hive-plan-page1',
  updated_at: '2026-01-30T08:00:00Z',
  authors: ['Ada'],
  container: null,
  readers: ['user:u1'],
};
const stored = (e: { type: string; data: unknown }) => e as unknown as StoredEvent;

test('a document synced once: the same again appends nothing; a change or new readers sync it again; a removal once', () => {
  const [synced] = decideSyncDocument(NO_DOCUMENT, doc, now);
  const state = evolveDocument(NO_DOCUMENT, stored(synced));
  expect(decideSyncDocument(state, doc, now)).toEqual([]);
  expect(decideSyncDocument(state, { ...doc, readers: ['user:u1', 'email:bo@x.example'] }, now)).toHaveLength(1);
  expect(decideSyncDocument(state, { ...doc, text: 'changed' }, now)).toHaveLength(1);
  const [removed] = decideRemoveDocument(state, { connection_uuid: 'c1', remote_id: 'page-1', reason: 'removed_at_source' }, now);
  expect(removed.data.corpus).toBe('user:u1');
  expect(
    decideRemoveDocument(evolveDocument(state, stored(removed)), { connection_uuid: 'c1', remote_id: 'page-1', reason: 'removed_at_source' }, now),
  ).toEqual([]);
  expect(decideRemoveDocument(NO_DOCUMENT, { connection_uuid: 'c1', remote_id: 'x', reason: 'removed_at_source' }, now)).toEqual([]);
});

test("the feed puts the document's passages with its readers and the seed's citation metadata, and drops them on removal", () => {
  const [synced] = decideSyncDocument(NO_DOCUMENT, doc, now);
  const [put] = documentPassageFeed.ops(stored(synced));
  expect(put).toMatchObject({ kind: 'put', corpus: 'user:u1', source: 'connector:c1:page-1', replace: true });
  if (put.kind !== 'put') throw new Error('a put');
  expect(put.passages[0]).toMatchObject({
    url: doc.url,
    title: 'Hive plan',
    readers: ['user:u1'],
    citation: {
      connection_type: 'notion',
      connector_type: 'notion',
      generated_file_title: 'Hive plan',
      authors: ['Ada'],
      published_date: '2026-01-30T08:00:00Z',
      domain_name: 'www.notion.so',
    },
  });
  const [removed] = decideRemoveDocument(
    evolveDocument(NO_DOCUMENT, stored(synced)),
    { connection_uuid: 'c1', remote_id: 'page-1', reason: 'disconnected' },
    now,
  );
  expect(documentPassageFeed.ops(stored(removed))).toEqual([{ kind: 'drop-source', corpus: 'user:u1', source: 'connector:c1:page-1' }]);
});

test("a group's members are recorded when they change, in any order", () => {
  const [first] = decideResolveGroup(NO_GROUP, { connection_uuid: 'c1', kind: 'slack_channel', key: 'C1', members: ['T1:U2', 'T1:U1'] }, now);
  expect(first.data.members).toEqual(['T1:U1', 'T1:U2']);
  const state = { members: first.data.members };
  expect(decideResolveGroup(state, { connection_uuid: 'c1', kind: 'slack_channel', key: 'C1', members: ['T1:U1', 'T1:U2'] }, now)).toEqual([]);
  expect(decideResolveGroup(state, { connection_uuid: 'c1', kind: 'slack_channel', key: 'C1', members: ['T1:U1'] }, now)).toHaveLength(1);
});
