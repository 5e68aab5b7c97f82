// TXT: the file as it is, one unit; its line breaks are kept.
import type { ParsedFile } from './chunk.js';
import { decodeText } from './text-bytes.js';

export function readTxt(bytes: Buffer): ParsedFile {
  return { title: null, pageCount: null, units: [{ kind: 'text', text: decodeText(bytes, 'text file'), page: null, heading: '', lines: true }] };
}
