// Reads a response body within a byte limit and turns it into text by its declared charset.
import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { MIMEType } from 'node:util';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { LinkFetchError, linkErrors } from './fetch-errors.js';

export function parseContentType(header: string | undefined): { type: string; charset: string | undefined } {
  if (!header) return { type: '', charset: undefined };
  try {
    const mime = new MIMEType(header);
    return { type: mime.essence, charset: mime.params.get('charset') ?? undefined };
  } catch {
    return { type: header.split(';')[0].trim().toLowerCase(), charset: undefined };
  }
}

// We ask for no compression, but some servers compress anyway. The limit applies to the
// decompressed bytes, so a small compressed bomb is still refused.
function decompressed(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const noop = () => {};
  if (encoding === '' || encoding === 'identity') return res;
  if (encoding === 'gzip' || encoding === 'x-gzip') return pipeline(res, createGunzip(), noop);
  if (encoding === 'deflate') return pipeline(res, createInflate(), noop);
  if (encoding === 'br') return pipeline(res, createBrotliDecompress(), noop);
  res.destroy();
  throw new LinkFetchError('link_unreachable', `The page could not be read: it uses an unsupported encoding (${encoding}).`);
}

export async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw linkErrors.tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  // Leaving the loop by throwing destroys the stream, which closes the connection.
  for await (const chunk of decompressed(res)) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw linkErrors.tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

export function decodeText(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    // An unknown charset label: utf-8 is the web's default and usually right.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
