// An app connection's content (seed 001: pages, issues, messages, mails, events), one stream per
// document: synced as the source has it now (its text, its citation metadata, who may read it at
// the source as principal keys), or removed when the source dropped it or stopped sharing it. The
// groups a document's readers name (a Slack channel, a GitHub repository) are resolved into their
// members by each sync, one stream per group. The passage index is fed from these events
// (document-feed.ts); a delta's change replaces the document's passages, readers included.
import { createHash } from 'node:crypto';
import type { StoredEvent } from '../eventstore/types.js';
import type { AppDocumentKind, ReaderGroup } from './adapters/app-types.js';

export type DocumentSynced = {
  type: 'ConnectorDocumentSynced';
  data: {
    connection_uuid: string;
    connector: string;
    remote_id: string;
    /** The passage corpus it is searched in: its owner's, or the organisation's for an organisation's connection. */
    corpus: string;
    kind: AppDocumentKind;
    title: string;
    text: string;
    url: string | null;
    updated_at: string | null;
    authors: string[];
    container: string | null;
    /** Who may read it at the source (principals.ts); null: everyone who may read the corpus. */
    readers: string[] | null;
    /** Of everything above: the same document synced again appends nothing. */
    hash: string;
    synced_at: string;
  };
};
export type DocumentRemoved = {
  type: 'ConnectorDocumentRemoved';
  data: { connection_uuid: string; remote_id: string; corpus: string; reason: 'removed_at_source' | 'disconnected'; removed_at: string };
};
export type GroupResolved = {
  type: 'ConnectorGroupResolved';
  data: { connection_uuid: string; kind: ReaderGroup['kind']; key: string; members: string[]; resolved_at: string };
};

export type DocumentEvent = DocumentSynced | DocumentRemoved;
export const DOCUMENT_EVENTS = ['ConnectorDocumentSynced', 'ConnectorDocumentRemoved'] as const satisfies readonly DocumentEvent['type'][];

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
export const documentStream = (connectionUuid: string, remoteId: string) => `connector-document-${connectionUuid}-${digest(remoteId)}`;
export const groupStream = (connectionUuid: string, group: ReaderGroup) => `connector-group-${connectionUuid}-${group.kind}-${digest(group.key)}`;

export type DocumentState = { status: 'none' | 'removed' } | { status: 'synced'; hash: string; corpus: string };
export const NO_DOCUMENT: DocumentState = { status: 'none' };

export function evolveDocument(state: DocumentState, event: StoredEvent | DocumentEvent): DocumentState {
  const e = event as DocumentEvent;
  switch (e.type) {
    case 'ConnectorDocumentSynced':
      return { status: 'synced', hash: e.data.hash, corpus: e.data.corpus };
    case 'ConnectorDocumentRemoved':
      return { status: 'removed' };
    default:
      return state;
  }
}

export type SyncedDocument = Omit<DocumentSynced['data'], 'hash' | 'synced_at'>;

/** The hash of what a synced document shows: its text, metadata, corpus and readers. */
export function documentHash(d: SyncedDocument): string {
  return digest(JSON.stringify([d.corpus, d.kind, d.title, d.text, d.url, d.updated_at, d.authors, d.container, d.readers]));
}

/** A document as the source has it now: synced unless the same is already there. */
export function decideSyncDocument(state: DocumentState, d: SyncedDocument, now: Date): DocumentSynced[] {
  const hash = documentHash(d);
  if (state.status === 'synced' && state.hash === hash) return [];
  return [{ type: 'ConnectorDocumentSynced', data: { ...d, hash, synced_at: now.toISOString() } }];
}

/** A document the source no longer has or shares: out of the index, once. */
export function decideRemoveDocument(
  state: DocumentState,
  f: { connection_uuid: string; remote_id: string; reason: DocumentRemoved['data']['reason'] },
  now: Date,
): DocumentRemoved[] {
  if (state.status !== 'synced') return [];
  return [{ type: 'ConnectorDocumentRemoved', data: { ...f, corpus: state.corpus, removed_at: now.toISOString() } }];
}

export type GroupState = { members: string[] | null };
export const NO_GROUP: GroupState = { members: null };
export const evolveGroup = (state: GroupState, event: StoredEvent): GroupState =>
  event.type === 'ConnectorGroupResolved' ? { members: (event.data as GroupResolved['data']).members } : state;

/** A group's members as the source says now: recorded when they changed. */
export function decideResolveGroup(state: GroupState, f: Omit<GroupResolved['data'], 'resolved_at'>, now: Date): GroupResolved[] {
  const members = [...new Set(f.members)].sort();
  if (state.members && state.members.length === members.length && state.members.every((m, i) => m === members[i])) return [];
  return [{ type: 'ConnectorGroupResolved', data: { ...f, members, resolved_at: now.toISOString() } }];
}
