// Text extraction for file indexing: the bytes of an accepted file become passages with the
// heading and page a citation shows, plus the document's title, page count and a description.
import type { IndexedType } from '../file-types.js';
import { chunkUnits, type ParsedFile } from './chunk.js';
import { readCsv } from './csv.js';
import { readDocx } from './docx.js';
import { readJson } from './json.js';
import { readMarkdown } from './markdown.js';
import { readPdf } from './pdf.js';
import { readTxt } from './plain-text.js';
import { readPptx } from './pptx.js';
import { DEFAULT_EXTRACT_LIMITS, type Extracted, type ExtractLimits } from './types.js';
import { readXlsx } from './xlsx.js';

export { DEFAULT_EXTRACT_LIMITS, EXTRACT_TIMEOUT_MS, FileExtractError } from './types.js';
export type { Extracted, ExtractLimits, FilePassage } from './types.js';

const DESCRIPTION_LENGTH = 200;

export async function extractFile(bytes: Buffer | Uint8Array, type: IndexedType, limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS): Promise<Extracted> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsed = await parse(buffer, type, limits);
  const passages = chunkUnits(parsed.units, limits.maxPassages);
  return { title: parsed.title, pageCount: parsed.pageCount, passages, description: describe(passages.map((passage) => passage.content)) };
}

function parse(bytes: Buffer, type: IndexedType, limits: ExtractLimits): Promise<ParsedFile> | ParsedFile {
  switch (type) {
    case 'pdf':
      return readPdf(bytes);
    case 'docx':
      return readDocx(bytes, limits);
    case 'xlsx':
      return readXlsx(bytes, limits);
    case 'pptx':
      return readPptx(bytes, limits);
    case 'csv':
      return readCsv(bytes);
    case 'txt':
      return readTxt(bytes);
    case 'md':
      return readMarkdown(bytes);
    case 'json':
      return readJson(bytes);
  }
}

/** The first ~200 characters of the text, whitespace collapsed, cut at a word. */
export function describe(contents: string[]): string {
  let text = '';
  for (const content of contents) {
    text = `${text} ${content}`.replace(/\s+/g, ' ').trim();
    if (text.length > DESCRIPTION_LENGTH) break;
  }
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut.slice(0, DESCRIPTION_LENGTH)).trimEnd()}…`;
}
