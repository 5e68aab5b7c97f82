// Text extraction for file indexing: the bytes of an accepted file become passages with the
// heading and page a citation shows, plus the document's title, page count and a description.
import type { IndexedType } from '../file-types.js';
import { chunkUnits, type ParsedFile } from './chunk.js';
import { DEFAULT_EXTRACT_LIMITS, type Extracted, type ExtractLimits } from './types.js';

export { DEFAULT_EXTRACT_LIMITS, EXTRACT_TIMEOUT_MS, FileExtractError } from './types.js';
export type { Extracted, ExtractLimits, FilePassage } from './types.js';

const DESCRIPTION_LENGTH = 200;

export async function extractFile(bytes: Buffer | Uint8Array, type: IndexedType, limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS): Promise<Extracted> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsed = await parse(buffer, type, limits);
  const passages = chunkUnits(parsed.units, limits.maxPassages);
  return { title: parsed.title, pageCount: parsed.pageCount, passages, description: describe(passages.map((passage) => passage.content)) };
}

/**
 * Each type's parser is loaded at its type's first file, not all at every worker's start: all of
 * them took about 1 s of CPU to load (a text file's own, 0.03 s), and worker processes run at a
 * low priority, so on a busy machine a small text file waited seconds for parsers it never used.
 * The load now falls inside the job's time limit: well under a second against its tens of seconds.
 */
async function parse(bytes: Buffer, type: IndexedType, limits: ExtractLimits): Promise<ParsedFile> {
  switch (type) {
    case 'pdf':
      return (await import('./pdf.js')).readPdf(bytes);
    case 'docx':
      return (await import('./docx.js')).readDocx(bytes, limits);
    case 'xlsx':
      return (await import('./xlsx.js')).readXlsx(bytes, limits);
    case 'pptx':
      return (await import('./pptx.js')).readPptx(bytes, limits);
    case 'csv':
      return (await import('./csv.js')).readCsv(bytes);
    case 'txt':
      return (await import('./plain-text.js')).readTxt(bytes);
    case 'md':
      return (await import('./markdown.js')).readMarkdown(bytes);
    case 'json':
      return (await import('./json.js')).readJson(bytes);
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
