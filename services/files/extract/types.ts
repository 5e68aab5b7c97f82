// The shapes extraction hands to indexing, its limits, and its one error type (whose message is
// shown to the person who uploaded the file).

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
