// An app connection's documents in the passage index: a synced document's text cut by the one
// chunker into passages of its connection's corpus, each carrying who may read it at the source
// and the seed's citation metadata (connection_type, meta_data's generated_file_title, authors,
// published_date, domain_name; file_metadata.connector_type); a removed document's passages go.
// A change replaces the document's passages, so new readers replace the old.
import { createHash } from 'node:crypto';
import type { StoredEvent } from '../eventstore/types.js';
import { chunkText, type PassageFeed, type PassageOp } from '../passages/index.js';
import type { DocumentEvent, DocumentSynced } from './documents.js';
import type { ConnectionEvent } from './events.js';

/** About what MAX_DOCUMENT_TEXT (app-text.ts) holds. */
const MAX_PASSAGES = 200;

export const documentSource = (connectionUuid: string, remoteId: string) => `connector:${connectionUuid}:${remoteId}`;
const documentId = (connectionUuid: string, remoteId: string) =>
  `connector:${connectionUuid}:${createHash('sha256').update(remoteId).digest('hex').slice(0, 24)}`;

/** Where a citation sends the reader: the document at its source, or (without one) the connectors page. */
export const documentUrl = (d: Pick<DocumentSynced['data'], 'url' | 'connection_uuid' | 'remote_id'>) =>
  d.url ?? `/account/connectors#${encodeURIComponent(d.connection_uuid)}:${encodeURIComponent(d.remote_id)}`;

/** The site a document is on (its url's host), or the connector's name. */
export function domainNameOf(url: string | null, connector: string): string {
  try {
    return url ? new URL(url).hostname || connector : connector;
  } catch {
    return connector;
  }
}

export function documentCitation(d: DocumentSynced['data']) {
  return {
    connection_type: d.connector,
    connector_type: d.connector,
    generated_file_title: d.title,
    authors: d.authors,
    published_date: d.updated_at,
    domain_name: domainNameOf(d.url, d.connector),
  };
}

/**
 * A connection disconnected or deleted withholds everything it brought into the index (its
 * documents' passages and its synced files', whose origin is the connection too) from the moment
 * the event commits, while its removal drops them batch by batch; connected again, they come back.
 */
// Released again once it is connected again, or once its removal has taken everything it brought.
const WITHHOLDING = { ConnectionDisconnected: true, ConnectionDeleted: true, ConnectionRenewed: false, ConnectionContentRemoved: false } as const;
type Withholding = Extract<ConnectionEvent, { type: keyof typeof WITHHOLDING }>;

export const documentPassageFeed: PassageFeed = {
  handles: ['ConnectorDocumentSynced', 'ConnectorDocumentRemoved', ...(Object.keys(WITHHOLDING) as (keyof typeof WITHHOLDING)[])],
  ops(event: StoredEvent): PassageOp[] {
    if (Object.hasOwn(WITHHOLDING, event.type)) {
      const w = { type: event.type, data: event.data } as Withholding;
      return [{ kind: 'withhold', origin: w.data.connection_uuid, withheld: WITHHOLDING[w.type] }];
    }
    const e = { type: event.type, data: event.data } as DocumentEvent;
    const source = documentSource(e.data.connection_uuid, e.data.remote_id);
    if (e.type === 'ConnectorDocumentRemoved') return [{ kind: 'drop-source', corpus: e.data.corpus, source }];
    const d = e.data;
    const id = documentId(d.connection_uuid, d.remote_id);
    const url = documentUrl(d);
    const citation = documentCitation(d);
    const heading = d.container ? `${d.container}: ${d.title}` : d.title;
    const passages = chunkText(d.text || d.title, heading, MAX_PASSAGES).map((c) => ({
      id: `${id}:${c.ordinal}`,
      url,
      title: d.title,
      heading: c.heading,
      content: c.content,
      ordinal: c.ordinal,
      page: null,
      readers: d.readers,
      citation,
      origin: d.connection_uuid,
    }));
    return [{ kind: 'put', corpus: d.corpus, source, replace: true, passages }];
  },
};
