// What files' use cases need beyond the kernel: the start of a file version's indexing, and the
// event log's signals its progress stream waits on.
import type { EventLogSignals } from '../eventstore/signals.js';
import type { KernelContext } from '../shared/context.js';

export type FilesContext = KernelContext & {
  /**
   * Who a person is to the connected sources (connectors' readerPrincipals, wired by services/app):
   * a synced file whose source names its readers is listed, counted and opened only by them.
   */
  readerPrincipals: (userId: string) => Promise<string[]>;
  /** Starts indexing a file's version (a durable workflow; starting it twice is one workflow). */
  indexing: { start: (job: { file_uuid: string; version: number }) => Promise<void>; signals: EventLogSignals };
};
