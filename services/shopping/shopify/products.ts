// A store's products through the Storefront API, a page of 100 at a time (cursor pagination), as
// the catalogue's products need them: at most MAX_PRODUCTS, so a huge store cannot fill memory.
import { z } from 'zod';
import { storefrontQuery, StorefrontError, type StorefrontStore } from './storefront.js';

export const PRODUCTS_QUERY = `query CatalogueProducts($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    edges { node {
      id title description vendor handle onlineStoreUrl
      images(first: 10) { edges { node { url } } }
      variants(first: 100) { edges { node {
        id title availableForSale
        price { amount currencyCode }
        selectedOptions { name value }
        image { url }
      } } }
    } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const PAGE = 100;
/** The most products read from one store (the feeds' own bound is their size). */
export const MAX_PRODUCTS = 100_000;

const money = z.object({ amount: z.string().max(40), currencyCode: z.string().max(3) });
const variant = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(1000),
  availableForSale: z.boolean(),
  price: money,
  selectedOptions: z.array(z.object({ name: z.string().max(200), value: z.string().max(500) })).max(10),
  image: z.object({ url: z.string().max(4000) }).nullish(),
});
const product = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(5000),
  description: z.string().max(100_000).nullish(),
  vendor: z.string().max(1000).nullish(),
  handle: z.string().max(1000),
  onlineStoreUrl: z.string().max(4000).nullish(),
  images: z.object({ edges: z.array(z.object({ node: z.object({ url: z.string().max(4000) }) })).max(250) }),
  variants: z.object({ edges: z.array(z.object({ node: variant })).max(250) }),
});
const page = z.object({
  products: z.object({
    edges: z.array(z.object({ node: product })).max(250),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().max(1000).nullish() }),
  }),
});

export type StorefrontProduct = z.infer<typeof product>;

/** Every product of the store, in the store's order; a StorefrontError when a page cannot be read. */
export async function fetchStoreProducts(store: StorefrontStore): Promise<StorefrontProduct[]> {
  const all: StorefrontProduct[] = [];
  let after: string | null = null;
  for (;;) {
    const { products }: z.infer<typeof page> = await storefrontQuery(store, PRODUCTS_QUERY, { first: PAGE, after }, page);
    all.push(...products.edges.map((e) => e.node));
    if (all.length >= MAX_PRODUCTS) return all.slice(0, MAX_PRODUCTS);
    if (!products.pageInfo.hasNextPage) return all;
    if (!products.pageInfo.endCursor || products.pageInfo.endCursor === after)
      throw new StorefrontError('The store said there are more products but gave no next cursor.');
    after = products.pageInfo.endCursor;
  }
}
