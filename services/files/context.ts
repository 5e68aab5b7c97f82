// What files' use cases need beyond the kernel: the start of a file version's indexing, and the
// event log's signals its progress stream waits on.
import type { EventLogSignals } from '../eventstore/signals.js';
import type { KernelContext } from '../shared/context.js';
import type { Actor } from '../shared/actor.js';
import type { Repository } from './events.js';
import type { FileFilters } from './queries.js';

/**
 * What files asks of the connectors (wired by services/app, so files never imports them): the
 * connector items of a repository that match a resync's filters looked at again at their source.
 */
export type ConnectorFilesPort = { resync: (actor: Actor, repository: Repository, filters: FileFilters | undefined) => Promise<void> };

export type FilesContext = KernelContext & {
  /**
   * Who a person is to the connected sources (connectors' readerPrincipals, wired by services/app):
   * a synced file whose source names its readers is listed, counted and opened only by them.
   */
  readerPrincipals: (userId: string) => Promise<string[]>;
  /** Starts indexing a file's version (a durable workflow; starting it twice is one workflow). */
  indexing: { start: (job: { file_uuid: string; version: number }) => Promise<void>; signals: EventLogSignals };
  /** Absent where no connector runs (a test's context): a resync then re-indexes uploads only. */
  connectorFiles?: ConnectorFilesPort;
};
