// A feed's items (Google Merchant Center attributes, whatever the file format) made into
// products: items sharing an item_group_id are one product whose options are its variants (a
// size, a colour), each with its own option_key. Pure: the same items give the same products.
import { createHash } from 'node:crypto';
import { parsePrice } from './money.js';

/** One item as the feed lists it: attribute name (without the g: prefix, lower case) to its values. */
export type FeedItem = Record<string, string[]>;

export type Availability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';

export type FeedOption = {
  option_key: string;
  item_id: string;
  label: string;
  size: string | null;
  color: string | null;
  price_minor: number;
  currency: string;
  availability: Availability;
  image_url: string | null;
  link: string;
};

export type FeedProduct = {
  product_id: string;
  title: string;
  description: string;
  brand: string | null;
  link: string;
  images: string[];
  rating: number | null;
  review_count: number | null;
  options: FeedOption[];
};

/** What a feed's items must all carry (Google's required attributes that this catalogue uses). */
export const REQUIRED_ATTRIBUTES = ['id', 'title', 'link', 'price'] as const;

/** Text limits: a feed's text is kept, not trusted to be short. */
const LIMITS = { title: 300, description: 5000, brand: 150, label: 200, url: 2000, images: 10 } as const;

/** A merchant's item's option_key: stable across syncs, opaque, the same for the same merchant and item id. */
export function optionKeyOf(merchantId: string, itemId: string): string {
  return createHash('sha256').update(`${merchantId}\0${itemId}`).digest('base64url').slice(0, 22);
}

export const productIdOf = (merchantId: string, groupId: string) => `${merchantId}:${groupId}`;

const first = (item: FeedItem, ...names: string[]) => {
  for (const n of names) {
    const v = item[n]?.find((x) => x.trim() !== '');
    if (v !== undefined) return v.trim();
  }
  return null;
};
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);
const isHttpUrl = (s: string | null): s is string => !!s && s.length <= LIMITS.url && /^https?:\/\/\S+$/i.test(s);

function availabilityOf(text: string | null): Availability {
  const t = (text ?? 'in_stock').toLowerCase().replace(/[\s-]+/g, '_');
  if (t === 'out_of_stock' || t === 'preorder' || t === 'backorder') return t;
  return 'in_stock';
}

/** Why an item cannot be kept, or null. */
export type ItemProblem = { item: number; reason: string };

type Kept = { group: string; option: FeedOption; product: Omit<FeedProduct, 'options' | 'product_id'> };

/** One item checked and read; a reason when it lacks what a product needs. */
export function readItem(merchantId: string, item: FeedItem, currency: string | null): Kept | string {
  const id = first(item, 'id');
  const title = first(item, 'title');
  const link = first(item, 'link');
  const priceText = first(item, 'sale_price') ?? first(item, 'price');
  if (!id) return 'an item has no id';
  if (!title) return `item ${clip(id, 60)} has no title`;
  if (!isHttpUrl(link)) return `item ${clip(id, 60)} has no http(s) link`;
  if (!priceText) return `item ${clip(id, 60)} has no price`;
  const price = parsePrice(priceText, currency);
  if (!price) return `item ${clip(id, 60)} has a price that cannot be read: ${clip(priceText, 40)}`;
  const size = first(item, 'size');
  const color = first(item, 'color', 'colour');
  const images = [first(item, 'image_link'), ...(item.additional_image_link ?? []).map((s) => s.trim())].filter(isHttpUrl).slice(0, LIMITS.images);
  const rating = Number(first(item, 'product_rating', 'rating') ?? Number.NaN);
  const reviews = Number(first(item, 'product_review_count', 'review_count') ?? Number.NaN);
  const label = [color, size].filter(Boolean).join(' / ') || clip(title, LIMITS.label);
  return {
    group: first(item, 'item_group_id') ?? id,
    option: {
      option_key: optionKeyOf(merchantId, id),
      item_id: clip(id, 200),
      label: clip(label, LIMITS.label),
      size: size ? clip(size, 100) : null,
      color: color ? clip(color, 100) : null,
      price_minor: price.minor,
      currency: price.currency,
      availability: availabilityOf(first(item, 'availability')),
      image_url: images[0] ?? null,
      link,
    },
    product: {
      title: clip(title, LIMITS.title),
      description: clip(first(item, 'description') ?? '', LIMITS.description),
      brand: first(item, 'brand') ? clip(first(item, 'brand')!, LIMITS.brand) : null,
      link,
      images,
      rating: Number.isFinite(rating) && rating >= 0 && rating <= 5 ? Math.round(rating * 10) / 10 : null,
      review_count: Number.isSafeInteger(reviews) && reviews >= 0 ? reviews : null,
    },
  };
}

export type Catalogue = { products: FeedProduct[]; skipped: ItemProblem[] };

/**
 * The feed's items as products, in the feed's order (a product where its first item is). An item
 * that lacks what a product needs is skipped and said; a later item with an id already seen too.
 */
export function productsOf(merchantId: string, items: Iterable<FeedItem>, currency: string | null): Catalogue {
  const byGroup = new Map<string, FeedProduct>();
  const seen = new Set<string>();
  const skipped: ItemProblem[] = [];
  let n = 0;
  for (const item of items) {
    n++;
    const kept = readItem(merchantId, item, currency);
    if (typeof kept === 'string') {
      skipped.push({ item: n, reason: kept });
      continue;
    }
    if (seen.has(kept.option.option_key)) {
      skipped.push({ item: n, reason: `item ${kept.option.item_id} is listed twice` });
      continue;
    }
    seen.add(kept.option.option_key);
    const product = byGroup.get(kept.group);
    if (product) product.options.push(kept.option);
    else byGroup.set(kept.group, { product_id: productIdOf(merchantId, clip(kept.group, 200)), ...kept.product, options: [kept.option] });
  }
  return { products: [...byGroup.values()], skipped };
}
