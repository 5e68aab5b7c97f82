// A link, from address to searchable passages: fetch it safely, read its text, cut it up.
import { chunkPage, type PagePassage } from './chunk.js';
import { extractPage } from './extract.js';
import { fetchPage, type FetchPageOptions } from './safe-fetch.js';

export type LinkPassages = { url: string; title: string; passages: PagePassage[] };

/** Throws LinkFetchError (see safe-fetch.ts) when the page cannot be fetched. */
export async function passagesOfLink(link: string, opts?: FetchPageOptions): Promise<LinkPassages> {
  const page = await fetchPage(link, opts);
  const { title, text } = extractPage(page);
  // Passages point at the address the page was finally found at, after redirects.
  return { url: page.url, title, passages: chunkPage({ url: page.url, title, text }) };
}
