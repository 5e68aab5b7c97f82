// A Shopify store's products (Storefront API) made into the catalogue's products, the same shape
// a feed's items make: a product's variants are its options (option_key from the variant's id,
// size and colour from its selected options), priced in minor units. Pure: the same products give
// the same catalogue, so an unchanged store hashes the same and is not written again.
import type { StorefrontProduct } from '../shopify/index.js';
import { type Catalogue, type FeedOption, type FeedProduct, type ItemProblem, optionKeyOf, productIdOf } from './feed-product.js';
import { parsePrice } from './money.js';

const LIMITS = { title: 300, description: 5000, brand: 150, label: 200, url: 2000, images: 10 } as const;
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);
const isHttpUrl = (s: string | null | undefined): s is string => !!s && s.length <= LIMITS.url && /^https?:\/\/\S+$/i.test(s);
const SIZE = /^(size|taille|größe|talla)$/i;
const COLOR = /^(colou?r|farbe|couleur)$/i;

/** "29.90" and "USD" as minor units; Shopify writes trailing zeros ("30.0"), which say nothing. */
export function storefrontPrice(amount: string, currencyCode: string) {
  const trimmed = amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
  return parsePrice(`${trimmed} ${currencyCode}`, null);
}

function optionOf(merchantId: string, p: StorefrontProduct, v: StorefrontProduct['variants']['edges'][number]['node'], link: string): FeedOption | string {
  const price = storefrontPrice(v.price.amount, v.price.currencyCode);
  if (!price) return `variant ${clip(v.id, 80)} has a price that cannot be read: ${clip(v.price.amount, 40)} ${clip(v.price.currencyCode, 3)}`;
  const size = v.selectedOptions.find((o) => SIZE.test(o.name))?.value.trim() || null;
  const color = v.selectedOptions.find((o) => COLOR.test(o.name))?.value.trim() || null;
  const title = v.title.trim();
  // Shopify names a product's only variant "Default Title".
  const label = title && title !== 'Default Title' ? title : [color, size].filter(Boolean).join(' / ') || p.title;
  const image = isHttpUrl(v.image?.url) ? v.image.url : null;
  return {
    option_key: optionKeyOf(merchantId, v.id),
    item_id: clip(v.id, 200),
    label: clip(label, LIMITS.label),
    size: size ? clip(size, 100) : null,
    color: color ? clip(color, 100) : null,
    price_minor: price.minor,
    currency: price.currency,
    availability: v.availableForSale ? 'in_stock' : 'out_of_stock',
    image_url: image,
    link,
  };
}

/** The store's products as the catalogue's; a product or variant that cannot be used is skipped with the reason. */
export function productsOfStore(merchantId: string, origin: string, products: readonly StorefrontProduct[]): Catalogue {
  const out: FeedProduct[] = [];
  const skipped: ItemProblem[] = [];
  const seen = new Set<string>();
  for (const [i, p] of products.entries()) {
    const item = i + 1;
    const title = p.title.trim();
    const link = isHttpUrl(p.onlineStoreUrl) ? p.onlineStoreUrl : `${origin}/products/${encodeURIComponent(p.handle)}`;
    if (!title || !isHttpUrl(link)) {
      skipped.push({ item, reason: `product ${clip(p.id, 80)} has no ${title ? 'http(s) link' : 'title'}` });
      continue;
    }
    const options: FeedOption[] = [];
    for (const { node } of p.variants.edges) {
      const option = optionOf(merchantId, p, node, link);
      if (typeof option === 'string') skipped.push({ item, reason: option });
      else if (seen.has(option.option_key)) skipped.push({ item, reason: `variant ${clip(node.id, 80)} is listed twice` });
      else {
        seen.add(option.option_key);
        options.push(option);
      }
    }
    if (options.length === 0) {
      skipped.push({ item, reason: `product ${clip(p.id, 80)} has no variant that can be sold` });
      continue;
    }
    const images = p.images.edges
      .map((e) => e.node.url)
      .filter(isHttpUrl)
      .slice(0, LIMITS.images);
    out.push({
      product_id: productIdOf(merchantId, clip(p.id, 200)),
      title: clip(title, LIMITS.title),
      description: clip((p.description ?? '').trim(), LIMITS.description),
      brand: p.vendor?.trim() ? clip(p.vendor.trim(), LIMITS.brand) : null,
      link,
      images,
      rating: null,
      review_count: null,
      options: options.map((o) => ({ ...o, image_url: o.image_url ?? images[0] ?? null })),
    });
  }
  return { products: out, skipped };
}
