// Extraction of one file as a worker job (see extract-in-worker.ts). A refusal comes back as a
// value: an error crossing to another thread loses its class, and with it what makes it a refusal.
import { extractFile } from './extract.js';
import { type ExtractJobInput, type ExtractJobOutcome, FileExtractError } from './types.js';

export async function extractJob({ bytes, type, limits }: ExtractJobInput): Promise<ExtractJobOutcome> {
  try {
    return { ok: true, extracted: await extractFile(bytes, type, limits) };
  } catch (error) {
    if (error instanceof FileExtractError) return { ok: false, refusal: error.message };
    throw error;
  }
}
