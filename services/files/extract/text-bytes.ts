// Text files (txt, md, csv, json) as strings: UTF-8 (with or without a byte-order mark), falling
// back to Windows-1252 for older files; bytes that are plainly binary are refused.
import { FileExtractError } from './types.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

export function decodeText(bytes: Buffer, kind: string): string {
  if (looksBinary(bytes)) throw new FileExtractError(`The ${kind} could not be read: it is a binary file, not text.`);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = windows1252.decode(bytes);
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

// A NUL byte in the first 8 KB never occurs in UTF-8 or Windows-1252 text (UTF-16 files start
// with a byte-order mark and are let through).
function looksBinary(bytes: Buffer): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  return bytes.subarray(0, 8192).includes(0);
}
