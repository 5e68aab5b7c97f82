// The rules of an upload (seed 001 §5, §9): which repositories take uploads, which chosen files
// go, and the batches of 10 they travel in. Pure, so they are tested for all inputs.
import { ACCEPTED_EXTENSIONS, DEFAULT_FILE_MAX_BYTES, fileTypeOf, TOO_LARGE, UNSUPPORTED_TYPE } from '../../../../../services/files/pure';
import type { RepositoryRef } from '../file-keys';

/** Seed 001 §9: "Upload batch size 10 files; 1 upload attempt; no retry delay." */
export const UPLOAD_BATCH_SIZE = 10;
/** Seed 001 §7: "5000 ms for upload URLs; one retry on file calls." */
export const UPLOAD_URLS_TIMEOUT_MS = 5_000;
export const UPLOAD_URLS_RETRIES = 1;

/**
 * The owner a Space-less collection carries: the default Bookmarks collection has no uuid (seed
 * 003 §3), so a COLLECTION repository with no owner, or this placeholder, is the default one.
 */
export const DEFAULT_COLLECTION_OWNER = 'default';

/** Seed 001 §5: USER or ORG, or COLLECTION with a non-empty owner that is not the default. */
export function canUploadTo(repo: RepositoryRef): boolean {
  if (repo.file_repository_type === 'USER' || repo.file_repository_type === 'ORG') return true;
  if (repo.file_repository_type !== 'COLLECTION') return false;
  const owner = repo.owner_id?.trim() ?? '';
  return owner !== '' && owner !== DEFAULT_COLLECTION_OWNER;
}

/** The parts of a File the rules read (a File, or a test's stand-in). */
export type ChosenFile = { name: string; type: string; size: number };

export type Refusal<F> = { file: F; message: string };
export type Screened<F> = { accepted: F[]; refused: Refusal<F>[]; skipped: F[] };

/**
 * Splits chosen files into those that go, those refused with a message naming the file, and
 * dropped directory entries (an empty content type on drop: seed 001 §5), which are skipped
 * without a word.
 */
export function screenFiles<F extends ChosenFile>(files: readonly F[], opts: { dropped: boolean; maxBytes?: number }): Screened<F> {
  const maxBytes = opts.maxBytes ?? DEFAULT_FILE_MAX_BYTES;
  const out: Screened<F> = { accepted: [], refused: [], skipped: [] };
  for (const file of files) {
    if (opts.dropped && file.type === '') out.skipped.push(file);
    else if (!fileTypeOf(file.name)) out.refused.push({ file, message: UNSUPPORTED_TYPE(file.name) });
    else if (file.size > maxBytes) out.refused.push({ file, message: TOO_LARGE(file.name, maxBytes) });
    else out.accepted.push(file);
  }
  return out;
}

/** Consecutive batches of at most `size`, in order. */
export function inBatches<T>(items: readonly T[], size = UPLOAD_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The `accept` attribute of the file inputs. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');
