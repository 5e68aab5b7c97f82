// A product's picture, to try on: either an image of this server's storage that is public by
// design (an upload under public/), or a picture on a merchant's site. The merchant's address
// comes from a feed or a person, so the fetch must not reach the server's own network: the
// address every connection uses is checked (an IP literal too), no redirect is followed, and
// time and size are bounded (10 MB, like an upload). Its bytes are checked by checkImage after.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicOnlyLookup } from '../../shared/public-address.js';
import type { Storage } from '../../storage/storage.js';
import { tryOnErrors } from './errors.js';
import { TRY_ON_IMAGE_MAX_BYTES } from './image-check.js';

export type ProductImageOptions = { storage: Storage; allowPrivateHosts: readonly string[]; timeoutMs: number };

const hostPort = (url: URL) => `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

export async function productImageBytes(address: string, opts: ProductImageOptions): Promise<Buffer> {
  const key = opts.storage.keyOf(address);
  if (key) {
    if (!key.startsWith('public/')) throw tryOnErrors.imageNotFound();
    const head = await opts.storage.head(key);
    if (!head) throw tryOnErrors.imageNotFound();
    if (head.size > TRY_ON_IMAGE_MAX_BYTES) throw tryOnErrors.tooLarge();
    return opts.storage.read(key);
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw tryOnErrors.invalidImage();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw tryOnErrors.invalidImage();
  if (url.username || url.password) throw tryOnErrors.invalidImage();
  const allowPrivate = opts.allowPrivateHosts.includes(hostPort(url));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) throw tryOnErrors.invalidImage();
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    const res = await get(url, allowPrivate, signal);
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      res.destroy();
      throw tryOnErrors.imageNotFound();
    }
    return await readCapped(res);
  } catch (err) {
    if (signal.aborted) throw tryOnErrors.timeout();
    if (err instanceof Error && err.name === 'DomainError') throw err;
    throw tryOnErrors.imageNotFound();
  }
}

function get(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', headers: { accept: 'image/*' }, agent: false, lookup: publicOnlyLookup(tryOnErrors.invalidImage, undefined, allowPrivate), signal },
      (res) => {
        signal.addEventListener('abort', () => res.destroy(), { once: true });
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function readCapped(res: IncomingMessage): Promise<Buffer> {
  if (Number(res.headers['content-length'] ?? '0') > TRY_ON_IMAGE_MAX_BYTES) {
    res.destroy();
    throw tryOnErrors.tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > TRY_ON_IMAGE_MAX_BYTES) {
      res.destroy();
      throw tryOnErrors.tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
