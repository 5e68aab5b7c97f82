// What an app connector's adapter does (seed 001: apps bring in content through authentication
// rather than a file picker): a checkpointed walk of everything the connection may read, turned
// into documents (pages, issues, messages, mails, events), and a delta since a cursor. Each
// document becomes passages with the seed's citation metadata (connection_type, meta_data's
// generated_file_title, authors, published_date, domain_name; file_metadata.connector_type).
import type { Readers } from './types.js';

export type AppDocumentKind = 'PAGE' | 'DATABASE' | 'ISSUE' | 'PULL_REQUEST' | 'README' | 'MESSAGE' | 'MAIL' | 'EVENT' | 'PROJECT' | 'TASK';

/** A set of people the provider knows and the sync resolves (a Slack or Teams channel's members, a GitHub repository's collaborators). */
export type ReaderGroup = { kind: 'slack_channel' | 'github_repository' | 'teams_channel'; key: string };
export type AppReaders = Readers | { group: ReaderGroup };

export type AppDocument = {
  /** Unique within the connection (e.g. `{channel}:{ts}` for a Slack message). */
  remoteId: string;
  kind: AppDocumentKind;
  title: string;
  /** Plain text or markdown, as data: never rendered as HTML nor evaluated. At most MAX_DOCUMENT_TEXT characters. */
  text: string;
  /** The provider's text was longer than MAX_DOCUMENT_TEXT and was cut. */
  truncated: boolean;
  /** Where a person opens it at the source. */
  url: string | null;
  updatedAt: string | null;
  authors: string[];
  /** The channel, repository, database or project it belongs to, by name. */
  container: string | null;
  /** Null when the provider does not say: the connection's owner alone may read it then. */
  readers: AppReaders | null;
  parentRemoteId: string | null;
};

export type AppListPage = { documents: AppDocument[]; checkpoint: string | null };
/** A removal carries no document; a change carries the document as it is now. */
export type AppChange = { remoteId: string; removed: boolean; document: AppDocument | null };
export type AppDeltaPage = { changes: AppChange[]; cursor: string; more: boolean };

export interface AppSourceAdapter {
  /** One page of everything; `checkpoint` null starts, a null checkpoint back means done. A crash resumes at the last checkpoint. */
  listPage(checkpoint: string | null): Promise<AppListPage>;
  /** Where deltas start from now (take it before the first walk, so nothing edited meanwhile is missed). */
  startCursor(): Promise<string>;
  /** Changes since `cursor`; go on with the returned cursor while `more`. */
  deltaPage(cursor: string): Promise<AppDeltaPage>;
  /**
   * Its deltas do not say what was deleted at the source (they search by update time): a walk of
   * everything now and then finds what is gone (app-sync.ts, reconcileDue).
   */
  readonly deltaMissesRemovals?: boolean;
}
