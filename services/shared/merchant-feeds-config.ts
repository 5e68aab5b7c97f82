// The merchants whose products make the shopping catalogue (MERCHANT_FEEDS_FILE): a JSON list of
// {id, name, url | file | shopify, currency?, shipping_rates?}. A feed is a Google Merchant
// Center product feed (XML or TSV) at an http(s) URL or in a file (relative to the list's folder);
// `shopify` is a Shopify store read through its Storefront API ({store_domain, storefront_token}).
// SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN add one store without a list (shopifyMerchantOf).
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const shippingRate = z
  .object({
    /** ISO 3166 country the rate applies to; absent: everywhere else. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166, upper case)')
      .optional(),
    price_minor: z.number().int().min(0),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case'),
    /** Orders of at least this much (same currency) ship free. */
    free_over_minor: z.number().int().min(0).optional(),
  })
  .strict();

/** A store's domain (my-shop.myshopify.com, shop.example.com) or, for a local test store, an http(s) origin. */
const storeDomain = z
  .string()
  .trim()
  .regex(/^(?:https?:\/\/)?[A-Za-z0-9.-]+(?::\d{1,5})?\/?$/, 'must be a store domain such as my-shop.myshopify.com');

const shopifyStore = z
  .object({
    store_domain: storeDomain,
    /** The Storefront API access token (public or private): sent to Shopify only, never shown. */
    storefront_token: z.string().trim().min(8).max(200),
  })
  .strict();

/** The store's origin: https://<domain> unless an origin was given. */
export const storeOriginOf = (domain: string) => (/^https?:\/\//i.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain.replace(/\/+$/, '')}`);

const merchant = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be 1-63 lower-case letters, digits or dashes'),
    name: z.string().trim().min(1).max(120),
    url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    file: z.string().min(1).optional(),
    shopify: shopifyStore.optional(),
    /** The currency of prices the feed writes without one. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case')
      .optional(),
    shipping_rates: z.array(shippingRate).max(100).default([]),
  })
  .strict()
  .refine((m) => [m.url, m.file, m.shopify].filter(Boolean).length === 1, { error: 'give one of url, file or shopify' });

export type MerchantFeed = z.infer<typeof merchant>;
/** Where a merchant's products come from: a product feed, or a Shopify store (which also takes carts). */
export type MerchantKind = 'feed' | 'shopify';
export const merchantKindOf = (m: Pick<MerchantFeed, 'shopify'>): MerchantKind => (m.shopify ? 'shopify' : 'feed');

/** The one store of SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN, as a merchant (id `shopify`). Throws with the problem. */
export function shopifyMerchantOf(env: { domain: string; token: string; name: string | undefined }): MerchantFeed {
  const parsed = shopifyStore.safeParse({ store_domain: env.domain, storefront_token: env.token });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path[0] === 'store_domain' ? 'SHOPIFY_STORE_DOMAIN' : 'SHOPIFY_STOREFRONT_TOKEN'}: ${issue.message}`);
  }
  const name = env.name?.trim() || parsed.data.store_domain.replace(/^https?:\/\//i, '');
  return { id: 'shopify', name: name.slice(0, 120), shopify: parsed.data, shipping_rates: [] };
}
export type ShippingRate = z.infer<typeof shippingRate>;

/** The merchants of the file's text; files named relative to `listPath`'s folder. Throws with the first problem. */
export function parseMerchantFeeds(text: string, listPath: string): MerchantFeed[] {
  const parsed = z
    .array(merchant)
    .max(1000)
    .superRefine((list, ctx) => {
      const ids = list.map((m) => m.id);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice) ctx.addIssue({ code: 'custom', message: `merchant id ${twice} is listed twice` });
    })
    .safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'the list'}: ${issue.message}`);
  }
  return parsed.data.map((m) => (m.file ? { ...m, file: resolve(dirname(listPath), m.file) } : m));
}
