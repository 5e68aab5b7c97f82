// The shapes extraction hands to indexing, its limits, and its one error type (whose message is
// shown to the person who uploaded the file).
import type { IndexedType } from '../file-types.js';

export type FilePassage = { heading: string; content: string; page: number | null; ordinal: number };
export type Extracted = { title: string | null; pageCount: number | null; passages: FilePassage[]; description: string };
export type ExtractLimits = { maxUnpackedBytes: number; maxEntries: number; maxPassages: number };

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxPassages: 20_000,
};

/** Longest any one parser may take on a file; past it the file is refused rather than waited on. */
export const EXTRACT_TIMEOUT_MS = 120_000;

/** A file that cannot be indexed; the message is plain English for the uploader. */
export class FileExtractError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileExtractError';
  }
}

/** A worker job's input and outcome (extract-job.ts): here, so the server imports them without the parsers. */
export type ExtractJobInput = { bytes: Uint8Array; type: IndexedType; limits: ExtractLimits };
export type ExtractJobOutcome = { ok: true; extracted: Extracted } | { ok: false; refusal: string };
