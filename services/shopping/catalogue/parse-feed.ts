// A merchant's feed file read into products: Google Merchant Center's XML (RSS 2.0 or Atom with
// the g: namespace) or its tab-separated text, told apart by the first character. Runs in a
// worker process (parse-in-worker.ts), never on the thread that serves requests. A feed that is
// not one of them, or whose items lack Google's required attributes, is refused with the reason
// the merchant's sync keeps; an item missing something is skipped and counted.
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type Catalogue, type FeedItem, productsOf, REQUIRED_ATTRIBUTES } from './feed-product.js';

export class FeedError extends Error {
  override name = 'FeedError';
}

/** The most items one feed may list: past it the feed is refused rather than cut short. */
export const MAX_FEED_ITEMS = 500_000;

export type ParseInput = { merchantId: string; text: string; currency: string | null };

/** The feed's products, or a FeedError saying why the feed cannot be used. */
export function parseFeed({ merchantId, text, currency }: ParseInput): Catalogue {
  const body = text.replace(/^\uFEFF/, '');
  const items = body.trimStart().startsWith('<') ? xmlItems(body) : tsvItems(body);
  if (items.length === 0) throw new FeedError('The feed lists no items.');
  if (items.length > MAX_FEED_ITEMS) throw new FeedError(`The feed lists ${items.length} items; at most ${MAX_FEED_ITEMS} are read.`);
  const catalogue = productsOf(merchantId, items, currency);
  if (catalogue.products.length === 0)
    throw new FeedError(`None of the feed's ${items.length} items could be read: ${catalogue.skipped[0]?.reason ?? 'no reason'}.`);
  return catalogue;
}

const xmlParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: () => true,
  processEntities: true,
});

function xmlItems(text: string): FeedItem[] {
  // Entity declarations only serve expansion attacks here: no feed needs them.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new FeedError('The feed declares a DOCTYPE or entities, which a product feed does not use.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FeedError(`The feed is not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`);
  const doc = xmlParser.parse(text) as Record<string, unknown[]>;
  const rss = doc.rss?.[0] as Record<string, unknown[]> | undefined;
  const atom = doc.feed?.[0] as Record<string, unknown[]> | undefined;
  const raw = rss ? ((rss.channel?.[0] as Record<string, unknown[]> | undefined)?.item ?? []) : atom ? (atom.entry ?? []) : null;
  if (!raw) throw new FeedError('The feed is XML but neither RSS 2.0 (<rss><channel><item>) nor Atom (<feed><entry>).');
  return raw.map((entry) => {
    const item: FeedItem = {};
    for (const [name, values] of Object.entries((entry ?? {}) as Record<string, unknown[]>)) {
      item[name.toLowerCase()] = values.filter((v): v is string => typeof v === 'string').map((v) => (name === 'description' ? plain(v) : v));
    }
    return item;
  });
}

function tsvItems(text: string): FeedItem[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter: '\t', quote: '"', relax_quotes: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    throw new FeedError(`The feed is not tab-separated text with one item a line: ${(err as Error).message.slice(0, 200)}`);
  }
  const header = rows[0]?.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^g:/, '')
      .replace(/[\s-]+/g, '_'),
  );
  if (!header) return [];
  const missing = REQUIRED_ATTRIBUTES.filter((a) => !header.includes(a));
  if (missing.length) throw new FeedError(`The feed's columns lack ${missing.join(', ')} (found: ${header.slice(0, 12).join(', ').slice(0, 200)}).`);
  return rows.slice(1).map((row) => {
    const item: FeedItem = {};
    header.forEach((name, i) => {
      const v = row[i] ?? '';
      item[name] = name === 'additional_image_link' ? v.split(',') : [name === 'description' ? plain(v) : v];
    });
    return item;
  });
}

/** A description as plain text: merchants put HTML in it. */
const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
