// A merchant's feed file fetched (its URL) or read (its file), never more than the size limit:
// past it the read stops and the sync fails with the reason.
import { open } from 'node:fs/promises';
import type { MerchantFeed } from '../../shared/merchant-feeds-config.js';
import { FeedError } from './parse-feed.js';

const MB = 1024 * 1024;
/** A feed URL that takes longer than this to send its file fails the sync (the next one tries again). */
const FETCH_TIMEOUT_MS = 120_000;

export async function readFeed(merchant: MerchantFeed, maxBytes: number): Promise<string> {
  const tooBig = () => new FeedError(`The feed is larger than ${Math.round(maxBytes / MB)} MB.`);
  if (merchant.file) {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(merchant.file, 'r');
    } catch (err) {
      throw new FeedError(`The feed file cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    try {
      if ((await handle.stat()).size > maxBytes) throw tooBig();
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  }
  let res: Response;
  try {
    res = await fetch(merchant.url!, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml, text/tab-separated-values, text/plain, */*' },
    });
  } catch (err) {
    throw new FeedError(`The feed URL could not be fetched: ${(err as Error).message.slice(0, 200)}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new FeedError(`The feed URL answered ${res.status}.`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body.cancel().catch(() => {});
    throw tooBig();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooBig();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`The feed URL's answer broke off: ${(err as Error).message.slice(0, 200)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}
