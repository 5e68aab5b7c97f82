// The product catalogue in the mock API, by the server's own rules (services/shopping/pure.ts):
// two merchants' products with their options; an answer entry's owner holding the thread's token
// gets cards for a buying question (the same classifier and price cap as the server), kept with the
// entry for its readers; a product's details by option key; a server with shopping off
// (`features: { shopping: false }`) has no cards and answers details with the server's 503.
import type { RequestHandler } from 'msw';
import {
  getFetchProductDetailsMockHandler,
  getListMerchantFeedsMockHandler,
  getSearchShoppingForEntryMockHandler,
} from '../generated/msw/shopping/shopping.msw';
import type { ProductDetails, ProductOption, ShoppingWidget } from '../generated/react-query/model';
import { catalogueErrors, isAvailable, isBuyingQuestion, MAX_WIDGETS, shoppingQueryOf } from '../services/shopping/pure';
import type { MockThread } from './mock-thread';
import { refuse } from './problem';

/** A product image drawn in place: the mocks reach no other site. */
const swatch = (fill: string, label: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="${fill}"/><text x="160" y="170" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`;

type MockProduct = Omit<ProductDetails, 'selected_option_key'>;
const option = (
  key: string,
  label: string,
  size: string | null,
  color: string | null,
  price: number,
  fill: string,
  availability: ProductOption['availability'] = 'in_stock',
): ProductOption => ({
  option_key: key,
  label,
  size,
  color,
  price_minor: price,
  currency: 'EUR',
  availability,
  available: isAvailable(availability),
  image_url: swatch(fill, label),
  link: `https://shop.example/p/${key}`,
});

export const MOCK_PRODUCTS: MockProduct[] = [
  {
    product_id: 'peak:J1',
    title: 'Alpine waterproof hiking jacket',
    description: 'A three-layer waterproof shell with taped seams and a helmet-ready hood.',
    brand: 'Peak',
    link: 'https://shop.example/p/J1',
    images: [swatch('#b91c1c', 'Alpine')],
    rating: 4.6,
    review_count: 120,
    merchant_id: 'peak',
    merchant_name: 'Peak Outdoors',
    merchant_kind: 'feed',
    options: [
      option('mock-j1-red-m', 'Red / M', 'M', 'Red', 18900, '#b91c1c'),
      option('mock-j1-blue-l', 'Blue / L', 'L', 'Blue', 19500, '#1d4ed8'),
      option('mock-j1-blue-xl', 'Blue / XL', 'XL', 'Blue', 19500, '#1d4ed8', 'out_of_stock'),
    ],
  },
  {
    product_id: 'trail:T1',
    title: 'Lightweight hiking jacket',
    description: 'A packable waterproof shell for the trail.',
    brand: 'Trail',
    link: 'https://shop.example/p/T1',
    images: [swatch('#15803d', 'Trail')],
    rating: 4.1,
    review_count: 8,
    merchant_id: 'trail',
    merchant_name: 'Trail Co',
    merchant_kind: 'feed',
    options: [option('mock-t1', 'Lightweight hiking jacket', null, null, 14900, '#15803d')],
  },
  {
    product_id: 'peak:K1',
    title: 'Enamel camping kettle',
    description: 'One litre, for stoves and fires.',
    brand: 'Peak',
    link: 'https://shop.example/p/K1',
    images: [swatch('#78716c', 'Kettle')],
    rating: null,
    review_count: null,
    merchant_id: 'peak',
    merchant_name: 'Peak Outdoors',
    merchant_kind: 'feed',
    options: [option('mock-k1', 'Enamel camping kettle', null, null, 2400, '#78716c')],
  },
];

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The server's search in small: every word of the terms in the product's text (a word's plural too), under the cap. */
function search(question: string): ShoppingWidget[] {
  const q = shoppingQueryOf(question);
  const terms = words(q.terms).map((w) => w.replace(/s$/, ''));
  if (!terms.length) return [];
  return MOCK_PRODUCTS.filter((p) => {
    const text = words(`${p.title} ${p.brand ?? ''} ${p.description}`).map((w) => w.replace(/s$/, ''));
    const cheapest = Math.min(...p.options.map((o) => o.price_minor));
    return terms.every((t) => text.includes(t)) && (q.maxPriceMinor === null || cheapest <= q.maxPriceMinor);
  })
    .slice(0, MAX_WIDGETS)
    .map((p) => {
      const best = [...p.options].sort((a, b) => Number(b.available) - Number(a.available) || a.price_minor - b.price_minor)[0]!;
      return {
        option_key: best.option_key,
        product_id: p.product_id,
        title: p.title,
        brand: p.brand,
        image_url: best.image_url,
        price_minor: best.price_minor,
        currency: best.currency,
        merchant_id: p.merchant_id,
        merchant_name: p.merchant_name,
        merchant_kind: p.merchant_kind,
        rating: p.rating,
        review_count: p.review_count,
        available: p.options.some((o) => o.available),
        link: p.link,
        option_count: p.options.length,
      };
    });
}

export type MockShopping = { entryWidgets?: Record<string, ShoppingWidget[]> };

export function shoppingCatalogueHandlers(opts: {
  on: () => boolean;
  state: () => MockShopping;
  changed: () => void;
  threads: () => MockThread[];
  mayRead: (t: MockThread) => { isOwner: boolean; readable: boolean };
}): RequestHandler[] {
  return [
    getSearchShoppingForEntryMockHandler(async ({ request }) => {
      const body = (await request.json()) as { query: string; read_write_token: string; entry_uuid: string };
      const none = { shopping_widgets: [] };
      if (!opts.on()) return none;
      const thread = opts.threads().find((t) => t.entries.some((e) => e.backend_uuid === body.entry_uuid));
      if (!thread) return none;
      const { isOwner, readable } = opts.mayRead(thread);
      if (!readable) return none;
      const kept = (opts.state().entryWidgets ??= {});
      if (kept[body.entry_uuid]) return { shopping_widgets: kept[body.entry_uuid]! };
      const tokens = [thread.context_uuid, thread.frontend_context_uuid].filter(Boolean);
      if (!isOwner || !tokens.includes(body.read_write_token) || !isBuyingQuestion(body.query)) return none;
      const widgets = search(body.query);
      if (widgets.length) {
        kept[body.entry_uuid] = widgets;
        opts.changed();
      }
      return { shopping_widgets: widgets };
    }),
    getFetchProductDetailsMockHandler(async ({ request }) => {
      const { option_key } = (await request.json()) as { option_key: string };
      if (!opts.on()) refuse(catalogueErrors.notConfigured());
      const product = MOCK_PRODUCTS.find((p) => p.options.some((o) => o.option_key === option_key));
      if (!product) refuse(catalogueErrors.productNotFound());
      return { ...product, selected_option_key: option_key };
    }),
    getListMerchantFeedsMockHandler(() => ({
      merchants: opts.on()
        ? [
            {
              merchant_id: 'peak',
              merchant_name: 'Peak Outdoors',
              merchant_kind: 'feed' as const,
              product_count: 2,
              last_ok_at: new Date().toISOString(),
              last_error: null,
              last_error_at: null,
            },
            {
              merchant_id: 'trail',
              merchant_name: 'Trail Co',
              merchant_kind: 'feed' as const,
              product_count: 1,
              last_ok_at: new Date().toISOString(),
              last_error: null,
              last_error_at: null,
            },
          ]
        : [],
    })),
  ];
}
