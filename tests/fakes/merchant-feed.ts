// A merchant's product feed as Google Merchant Center reads it, for tests only: XML (RSS 2.0 with
// the g: namespace) or TSV, served on 127.0.0.1 at /<name>.xml or /<name>.tsv. A test sets what
// each address serves (a feed built from products, broken text, or a body of a given size), and
// may serve the products' pictures too (as a merchant's site does, for try-on).

import { listenLoopback } from './listen.js';

export type FakeItem = {
  id: string;
  title: string;
  description?: string;
  brand?: string;
  price: string;
  availability?: string;
  image?: string;
  groupId?: string;
  size?: string;
  color?: string;
  rating?: number;
  reviews?: number;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The items as a Google Merchant Center RSS 2.0 feed. */
export function xmlFeed(items: FakeItem[], link = 'https://shop.example'): string {
  const tag = (name: string, value: string | number | undefined) => (value === undefined ? '' : `<g:${name}>${esc(String(value))}</g:${name}>`);
  const body = items
    .map(
      (i) =>
        `<item>${tag('id', i.id)}<title>${esc(i.title)}</title><description>${esc(i.description ?? '')}</description><link>${link}/p/${encodeURIComponent(i.id)}</link>` +
        `${tag('image_link', i.image ?? `${link}/img/${encodeURIComponent(i.id)}.jpg`)}${tag('price', i.price)}${tag('availability', i.availability ?? 'in_stock')}` +
        `${tag('brand', i.brand)}${tag('item_group_id', i.groupId)}${tag('size', i.size)}${tag('color', i.color)}${tag('product_rating', i.rating)}${tag('product_review_count', i.reviews)}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>Fake shop</title><link>${link}</link>\n${body}\n</channel></rss>\n`;
}

const COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'price',
  'availability',
  'brand',
  'item_group_id',
  'size',
  'color',
  'product_rating',
  'product_review_count',
];

/** The items as a Google Merchant Center tab-separated feed (a header line, one item a line). */
export function tsvFeed(items: FakeItem[], link = 'https://shop.example'): string {
  const clean = (v: string | number | undefined) => String(v ?? '').replace(/[\t\n\r]/g, ' ');
  const lines = items.map((i) =>
    [
      i.id,
      i.title,
      i.description,
      `${link}/p/${encodeURIComponent(i.id)}`,
      i.image ?? `${link}/img/${encodeURIComponent(i.id)}.jpg`,
      i.price,
      i.availability ?? 'in_stock',
      i.brand,
      i.groupId,
      i.size,
      i.color,
      i.rating,
      i.reviews,
    ]
      .map(clean)
      .join('\t'),
  );
  return `${COLUMNS.join('\t')}\n${lines.join('\n')}\n`;
}

export async function startMerchantFeedFake() {
  const bodies = new Map<string, string | { bytes: number } | { image: Buffer; type: string }>();
  const held = new Map<string, Promise<void>>();
  const served: string[] = [];
  const fake = await listenLoopback(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    served.push(path);
    await held.get(path);
    const body = bodies.get(path);
    if (body === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (typeof body === 'object' && 'image' in body) return void res.writeHead(200, { 'content-type': body.type }).end(body.image);
    const type = path.endsWith('.xml') ? 'application/xml' : 'text/tab-separated-values';
    if (typeof body === 'string') return void res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(body);
    // A large body sent in chunks without a length, so only counting what arrives finds its size.
    res.writeHead(200, { 'content-type': type });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = body.bytes;
    const write = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once('drain', write);
      }
      res.end();
    };
    res.on('error', () => {});
    write();
  });
  return {
    ...fake,
    served,
    /** What `path` (e.g. /shop.xml) serves from now on. */
    serve: (path: string, body: string | { bytes: number }) => bodies.set(path, body),
    /** A picture at `path` (e.g. /img/jacket.png), as a merchant's site serves its product images. */
    serveImage: (path: string, image: Buffer, type = 'image/png') => bodies.set(path, { image, type }),
    /** Requests of `path` wait until the returned function is called (a feed that takes its time). */
    hold: (path: string) => {
      let release = () => {};
      held.set(path, new Promise<void>((r) => (release = r)));
      return () => {
        held.delete(path);
        release();
      };
    },
  };
}
