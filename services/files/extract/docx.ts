// DOCX: the document's raw text from mammoth (paragraphs as blank-line-separated blocks) and its
// core-properties title. Word has no fixed pages, so passages carry no page number.
import mammoth from 'mammoth';
import type { ParsedFile } from './chunk.js';
import { CORE_PROPERTIES, officeTitle } from './office-title.js';
import { readZipSafely } from './safe-zip.js';
import { withTimeout } from './timeout.js';
import { EXTRACT_TIMEOUT_MS, FileExtractError, type ExtractLimits } from './types.js';
import { refuseLegacyOffice } from './legacy-office.js';

export const DOCX_DAMAGED = 'The Word document could not be read: it is damaged or not a .docx file.';

export async function readDocx(bytes: Buffer, limits: ExtractLimits, timeoutMs = EXTRACT_TIMEOUT_MS): Promise<ParsedFile> {
  refuseLegacyOffice(bytes, 'Word document', '.docx');
  const zip = await readZipSafely(bytes, limits, { notAZip: DOCX_DAMAGED, keep: (name) => name === CORE_PROPERTIES });
  if (!zip.names.some((name) => name.startsWith('word/'))) throw new FileExtractError(DOCX_DAMAGED);
  let text: string;
  try {
    text = (await withTimeout(mammoth.extractRawText({ buffer: bytes }), timeoutMs)).value;
  } catch (error) {
    if (error instanceof FileExtractError) throw error;
    throw new FileExtractError(DOCX_DAMAGED, { cause: error });
  }
  return { title: officeTitle(zip.kept.get(CORE_PROPERTIES)), pageCount: null, units: [{ kind: 'text', text, page: null, heading: '' }] };
}
