// What files' use cases need beyond the kernel: the start of a file version's indexing, and the
// event log's signals its progress stream waits on.
import type { EventLogSignals } from '../eventstore/signals.js';
import type { KernelContext } from '../shared/context.js';

export type FilesContext = KernelContext & {
  /** Starts indexing a file's version (a durable workflow; starting it twice is one workflow). */
  indexing: { start: (job: { file_uuid: string; version: number }) => Promise<void>; signals: EventLogSignals };
};
