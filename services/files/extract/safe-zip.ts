// DOCX, XLSX and PPTX are zip archives, and a small zip can unpack to gigabytes (a zip bomb).
// Before any parser sees one, this reads it with yauzl, refusing too many entries, too large a
// declared size, and, by inflating every entry while counting, too many actual bytes: the count
// stops the moment it passes the limit. yauzl also checks each entry's actual size against its
// declared one, so a header that lies fails as well.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileExtractError, type ExtractLimits } from './types.js';

const MB = 1024 * 1024;

export const zipBombMessage = (maxBytes: number) => `The file unpacks to more than ${Math.round(maxBytes / MB)} MB; it may be a zip bomb.`;
export const TOO_MANY_ENTRIES = (max: number) => `The file holds more than ${max} parts; it may be a zip bomb.`;
export const SIZE_MISMATCH = 'The file is damaged: a part unpacks to a different size than it declares; it may be a zip bomb.';

export type SafeZipOptions = {
  /** The plain-English message when the bytes are not a readable zip. */
  notAZip: string;
  /** Entries whose contents the caller wants back (the rest are inflated only to count them). */
  keep?: (name: string) => boolean;
  /** Called with the running total of inflated bytes; lets tests see where reading stopped. */
  onProgress?: (inflatedBytes: number) => void;
};

export type CheckedZip = { names: string[]; kept: Map<string, Buffer> };

export async function readZipSafely(bytes: Buffer, limits: ExtractLimits, options: SafeZipOptions): Promise<CheckedZip> {
  const zip = await open(bytes, options.notAZip);
  try {
    if (zip.entryCount > limits.maxEntries) throw new FileExtractError(TOO_MANY_ENTRIES(limits.maxEntries));
    const entries = await listEntries(zip, options.notAZip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.maxUnpackedBytes) throw new FileExtractError(zipBombMessage(limits.maxUnpackedBytes));

    const kept = new Map<string, Buffer>();
    let total = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const keep = options.keep?.(entry.fileName) ?? false;
      const chunks: Buffer[] = [];
      await inflate(zip, entry, options.notAZip, (chunk) => {
        total += chunk.length;
        options.onProgress?.(total);
        if (total > limits.maxUnpackedBytes) throw new FileExtractError(zipBombMessage(limits.maxUnpackedBytes));
        if (keep) chunks.push(chunk);
      });
      if (keep) kept.set(entry.fileName, Buffer.concat(chunks));
    }
    return { names: entries.map((entry) => entry.fileName), kept };
  } finally {
    zip.close();
  }
}

function open(bytes: Buffer, notAZip: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(new FileExtractError(notAZip, { cause: error }));
      else resolve(zip);
    });
  });
}

function listEntries(zip: ZipFile, notAZip: string): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error) => reject(new FileExtractError(notAZip, { cause: error })));
    zip.readEntry();
  });
}

function inflate(zip: ZipFile, entry: Entry, notAZip: string, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new FileExtractError(notAZip, { cause: error }));
      const fail = (cause: unknown) => {
        stream.destroy();
        reject(cause instanceof FileExtractError ? cause : new FileExtractError(isSizeMismatch(cause) ? SIZE_MISMATCH : notAZip, { cause }));
      };
      stream.on('data', (chunk: Buffer) => {
        try {
          onChunk(chunk);
        } catch (cause) {
          fail(cause);
        }
      });
      stream.once('error', fail);
      stream.once('end', () => resolve());
    });
  });
}

// yauzl's words when validateEntrySizes finds an entry larger or smaller than declared.
const isSizeMismatch = (error: unknown) => error instanceof Error && /bytes in the stream/.test(error.message);
