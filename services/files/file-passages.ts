// A file's passages in the passage index, through events: indexing appends the passages it cut
// as FilePassagesRecorded events (several for a large file, each of reasonable size), and the
// passages projection writes them through filePassageFeed. One corpus per repository, ids
// `file:<uuid>:<n>`, and the url a citation opens (the file's page, at that page when it has pages).
import type { StoredEvent } from '../eventstore/types.js';
import type { PassageFeed, PassageOp } from '../passages/index.js';
import type { FileDeleted, FilePassagesRecorded, FileReadersChanged, Repository } from './events.js';
import type { FilePassage } from './extract/types.js';
import { corpusOf } from './repository-access.js';

export const fileCitationUrl = (fileUuid: string, page: number | null) => `/files/${fileUuid}${page ? `?page=${page}` : ''}`;
export const fileSource = (fileUuid: string) => `file:${fileUuid}`;

/** An event's share of a file's passages: at most this many passages, and about this much text. */
const PASSAGES_PER_EVENT = 1000;
const CHARS_PER_EVENT = 512 * 1024;

type IndexedFile = {
  file_uuid: string;
  version: number;
  title: string;
  file_type: string;
  repository: Repository;
  readers?: string[] | null;
  source?: { connection_type: string; url: string | null; connection_uuid?: string };
};

/** The events that carry a version's passages, in order; none when there are no passages. */
export function filePassageEvents(file: IndexedFile, passages: FilePassage[]): FilePassagesRecorded[] {
  const events: FilePassagesRecorded[] = [];
  let part: FilePassagesRecorded['data']['passages'] = [];
  let chars = 0;
  const flush = () => {
    if (part.length) events.push({ type: 'FilePassagesRecorded', data: { ...file, part: events.length, passages: part } });
    part = [];
    chars = 0;
  };
  for (const p of passages) {
    if (part.length >= PASSAGES_PER_EVENT || (part.length && chars + p.content.length > CHARS_PER_EVENT)) flush();
    part.push({ ordinal: p.ordinal, heading: p.heading, content: p.content, page: p.page });
    chars += p.content.length + p.heading.length;
  }
  flush();
  return events;
}

export const filePassageFeed: PassageFeed = {
  handles: ['FilePassagesRecorded', 'FileReadersChanged', 'FileDeleted'],
  ops(event: StoredEvent): PassageOp[] {
    const e = { type: event.type, data: event.data } as FilePassagesRecorded | FileReadersChanged | FileDeleted;
    if (e.type === 'FileDeleted') return [{ kind: 'drop-source', corpus: corpusOf(e.data.repository), source: fileSource(e.data.file_uuid) }];
    // Sharing changed at the source: the passages indexed stay, read by whom it names now.
    if (e.type === 'FileReadersChanged')
      return [{ kind: 'set-readers', corpus: corpusOf(e.data.repository), source: fileSource(e.data.file_uuid), readers: e.data.readers }];
    const d = e.data;
    const file = { file_uuid: d.file_uuid, file_type: d.file_type, repository_type: d.repository.type };
    return [
      {
        kind: 'put',
        corpus: corpusOf(d.repository),
        source: fileSource(d.file_uuid),
        replace: d.part === 0,
        passages: d.passages.map((p) => ({
          id: `file:${d.file_uuid}:${p.ordinal}`,
          url: fileCitationUrl(d.file_uuid, p.page),
          title: d.title,
          heading: p.heading,
          content: p.content,
          ordinal: p.ordinal,
          page: p.page,
          file,
          // A synced file's passages are read by whom the source lets read it, and cite where it is there.
          readers: d.readers ?? null,
          citation: d.source
            ? { connection_type: d.source.connection_type, connector_type: d.source.connection_type, connection_file_url: d.source.url }
            : null,
          // Withheld with its connection from the moment it is disconnected (connectors' document-feed.ts withholds it).
          origin: d.source?.connection_uuid ?? null,
        })),
      },
    ];
  },
};
