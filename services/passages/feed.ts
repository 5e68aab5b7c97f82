// How domains feed the passages index: each domain turns its own events into passage operations
// (a feed), and the passages projection applies them. The index knows no domain; the
// composition root hands it the feeds.
import type { StoredEvent } from '../eventstore/types.js';

/** Where a file's passage comes from, for a citation that opens the file (at its page). */
export type PassageFileOrigin = { file_uuid: string; file_type: string; repository_type: string };

/** One passage as the index stores it. `ordinal` orders the passages of one source. */
export type PassageRow = {
  id: string;
  url: string;
  title: string;
  heading: string;
  content: string;
  ordinal: number;
  page: number | null;
  file?: PassageFileOrigin | null;
  /**
   * Who may read it at its source, as principal keys (`user:<id>`, `email:<addr>`, `domain:<d>`,
   * `group:…`, `anyone`); null or absent: everyone who may read its corpus. A search returns it
   * only to an asker holding one of them.
   */
  readers?: string[] | null;
  /** What a citation shows of where it comes from (a connector's type, authors, dates); the index keeps it as it is. */
  citation?: PassageCitation | null;
  /** What it came through (a connection), withheld together by `withhold`; null or absent: never withheld. */
  origin?: string | null;
};

export type PassageCitation = { [key: string]: string | string[] | null };

/**
 * `put`: passages of one source (a document) in one corpus; with `replace`, the source's earlier
 * passages go first. `set-readers`: who may read a source's passages changed (its text did not,
 * so neither do the statistics). `drop-source`: a document left the corpus. `drop-corpus`: the
 * corpus is gone. `withhold`: every passage of an origin, in any corpus, put before or after, is
 * found by no search (`withheld`) or again (`false`); the rows and statistics stay as they are
 * (a disconnected connection's, until its removal drops them).
 */
export type PassageOp =
  | { kind: 'put'; corpus: string; source: string; replace: boolean; passages: PassageRow[] }
  | { kind: 'set-readers'; corpus: string; source: string; readers: string[] | null }
  | { kind: 'drop-source'; corpus: string; source: string }
  | { kind: 'drop-corpus'; corpus: string }
  | { kind: 'withhold'; origin: string; withheld: boolean };

export type PassageFeed = {
  /** The event types this feed reads. */
  handles: readonly string[];
  /** What an event does to the index; pure and deterministic, so a rebuild gives the same rows. */
  ops: (event: StoredEvent) => PassageOp[];
};
