// What files' use cases need beyond the kernel: the start of a file version's indexing.
import type { KernelContext } from '../shared/context.js';

export type FilesContext = KernelContext & {
  /** Starts indexing a file's version (a durable workflow; starting it twice is one workflow). */
  indexing: { start: (job: { file_uuid: string; version: number }) => Promise<void> };
};
