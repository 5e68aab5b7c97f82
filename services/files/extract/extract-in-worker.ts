// extractFile in a worker process: an uploaded file is parsed outside the process that answers
// requests, within a time and a memory limit. A file past either limit is refused like any
// other unreadable file (FileExtractError), so its indexing ends FAILED with the reason.
import { sharedWorkerPool, WorkerLimitError, workerJob, type WorkerLimits, type WorkerPool } from '../../workers/index.js';
import type { IndexedType } from '../file-types.js';
import { TOO_SLOW } from './timeout.js';
import {
  DEFAULT_EXTRACT_LIMITS,
  EXTRACT_TIMEOUT_MS,
  type Extracted,
  type ExtractJobInput,
  type ExtractJobOutcome,
  FileExtractError,
  type ExtractLimits,
} from './types.js';

export const TOO_MUCH_MEMORY =
  'The file needs more memory to read than indexing allows; it may be damaged or too complex. Try splitting it into smaller files.';

/** The parsers' own timeouts (EXTRACT_TIMEOUT_MS) answer first; this limit catches what they cannot interrupt. */
export const FILE_JOB_LIMITS: WorkerLimits = { timeMs: EXTRACT_TIMEOUT_MS + 10_000, memoryMb: 2048 };

const job = workerJob<ExtractJobInput, ExtractJobOutcome>(new URL('./extract-job.ts', import.meta.url), 'extractJob');

// Two processes: the indexing queue's files (workflows/index-file.ts) wait here for one, so a
// batch of large files is parsed two at a time, at a low priority.
const filePool = () => sharedWorkerPool('file-extraction', { processes: 2, limits: FILE_JOB_LIMITS });

/** The bytes are copied to the worker process; the caller's are left as they were. */
export async function extractFileInWorker(
  bytes: Buffer | Uint8Array,
  type: IndexedType,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
  pool: WorkerPool = filePool(),
): Promise<Extracted> {
  let outcome: ExtractJobOutcome;
  try {
    outcome = await pool.run(job, { bytes, type, limits });
  } catch (error) {
    if (error instanceof WorkerLimitError) throw new FileExtractError(error.limit === 'time' ? TOO_SLOW : TOO_MUCH_MEMORY, { cause: error });
    throw error;
  }
  if (!outcome.ok) throw new FileExtractError(outcome.refusal);
  return outcome.extracted;
}
