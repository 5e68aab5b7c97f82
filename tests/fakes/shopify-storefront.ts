// A Shopify store's Storefront API for tests only (GraphQL over HTTP on 127.0.0.1, at
// /api/<version>/graphql.json with the X-Shopify-Storefront-Access-Token header). It answers the
// operations the app sends in the real API's shapes: products(first, after) with cursor pages,
// cartCreate, cartBuyerIdentityUpdate and cart(id); a cart's checkoutUrl opens a plain page
// naming the cart's lines, as the store's checkout would (a browser test follows it). A cart's total is its subtotal plus a flat
// shipping of SHIPPING_MINOR once it has a delivery address. A test sets the products, may make
// the store fail or forget (expire) a cart, and reads what was asked.
import type { ServerResponse } from 'node:http';
import { listenLoopback, readBody } from './listen.js';

export type FakeVariant = { id: string; title: string; price: string; currency?: string; available?: boolean; options?: Record<string, string> };
export type FakeShopifyProduct = {
  id: string;
  title: string;
  description?: string;
  vendor?: string;
  handle: string;
  images?: string[];
  variants: FakeVariant[];
};

/** The fake's shipping once a cart has an address, in minor units of the cart's currency. */
export const SHIPPING_MINOR = 500;

type FakeCart = { id: string; lines: Array<{ id: string; merchandiseId: string; quantity: number }>; buyerIdentity: Record<string, unknown> | null };

/** The store's checkout page for a cart: its lines by variant title and quantity (404 for a cart it does not have). */
function checkoutPage(res: ServerResponse, cart: FakeCart | undefined, titleOf: (variantId: string) => string) {
  if (!cart) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No such cart');
  const lines = cart.lines.map((l) => `<li>${escapeHtml(titleOf(l.merchandiseId))} × ${l.quantity}</li>`).join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Checkout</title><h1>Checkout</h1><ul>${lines}</ul>`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (minor: number, currencyCode: string) => ({ amount: (minor / 100).toFixed(1), currencyCode });

export async function startShopifyStorefrontFake(opts: { token: string; pageSize?: number }) {
  let products: FakeShopifyProduct[] = [];
  const carts = new Map<string, FakeCart>();
  const asked: Array<{ operation: string; variables: Record<string, unknown>; token: string | undefined }> = [];
  let failing: number | null = null;
  let n = 0;

  const variantOf = (id: string) => products.flatMap((p) => p.variants).find((v) => v.id === id);
  const minorOf = (v: FakeVariant) => Math.round(Number(v.price) * 100);
  const cartJson = (base: string, c: FakeCart) => {
    const currency = variantOf(c.lines[0]?.merchandiseId ?? '')?.currency ?? 'EUR';
    const subtotal = c.lines.reduce((sum, l) => sum + minorOf(variantOf(l.merchandiseId)!) * l.quantity, 0);
    const shipping = c.buyerIdentity?.deliveryAddressPreferences ? SHIPPING_MINOR : 0;
    return {
      id: c.id,
      checkoutUrl: `${base}/cart/c/${encodeURIComponent(c.id.split('/').pop()!)}?key=k${c.id.length}`,
      cost: { subtotalAmount: money(subtotal, currency), totalAmount: money(subtotal + shipping, currency) },
      lines: { edges: c.lines.map((l) => ({ node: { id: l.id, quantity: l.quantity, merchandise: { id: l.merchandiseId } } })) },
    };
  };

  const fake = await listenLoopback(async (req, res) => {
    const send = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const checkout = req.method === 'GET' ? /^\/cart\/c\/([^/?]+)/.exec(req.url ?? '') : null;
    if (checkout) return checkoutPage(res, carts.get(`gid://shopify/Cart/${decodeURIComponent(checkout[1]!)}`), (id) => variantOf(id)?.title ?? id);
    if (req.method !== 'POST' || !/^\/api\/\d{4}-\d{2}\/graphql\.json$/.test(req.url ?? '')) return send(404, { errors: [{ message: 'Not Found' }] });
    const { query, variables = {} } = JSON.parse(await readBody(req)) as { query: string; variables?: Record<string, any> };
    const token = req.headers['x-shopify-storefront-access-token'] as string | undefined;
    const operation = /cartCreate\(/.test(query)
      ? 'cartCreate'
      : /cartBuyerIdentityUpdate\(/.test(query)
        ? 'cartBuyerIdentityUpdate'
        : /\bcart\(id:/.test(query)
          ? 'cart'
          : /\bproducts\(/.test(query)
            ? 'products'
            : 'unknown';
    asked.push({ operation, variables, token });
    if (token !== opts.token) return send(401, { errors: [{ message: 'Unauthorized' }] });
    if (failing !== null) return send(failing, { errors: [{ message: 'Internal error' }] });
    const base = fake.url;
    if (operation === 'products') {
      const size = Math.min(opts.pageSize ?? variables.first, variables.first);
      const start = variables.after ? Number(String(variables.after).slice(1)) : 0;
      const page = products.slice(start, start + size);
      return send(200, {
        data: {
          products: {
            edges: page.map((p) => ({
              node: {
                id: p.id,
                title: p.title,
                description: p.description ?? '',
                vendor: p.vendor ?? null,
                handle: p.handle,
                onlineStoreUrl: `${base}/products/${p.handle}`,
                images: { edges: (p.images ?? []).map((url) => ({ node: { url } })) },
                variants: {
                  edges: p.variants.map((v) => ({
                    node: {
                      id: v.id,
                      title: v.title,
                      availableForSale: v.available ?? true,
                      price: { amount: v.price, currencyCode: v.currency ?? 'EUR' },
                      selectedOptions: Object.entries(v.options ?? {}).map(([name, value]) => ({ name, value })),
                      image: null,
                    },
                  })),
                },
              },
            })),
            pageInfo: { hasNextPage: start + size < products.length, endCursor: page.length ? `c${start + page.length}` : null },
          },
        },
      });
    }
    if (operation === 'cartCreate') {
      const lines = (variables.input?.lines ?? []) as Array<{ merchandiseId: string; quantity: number }>;
      const unknown = lines.find((l) => !variantOf(l.merchandiseId));
      if (unknown || lines.length === 0)
        return send(200, {
          data: { cartCreate: { cart: null, userErrors: [{ field: ['input', 'lines'], message: 'The merchandise does not exist.', code: 'INVALID' }] } },
        });
      const cart: FakeCart = {
        id: `gid://shopify/Cart/fake${++n}`,
        lines: lines.map((l, i) => ({ id: `gid://shopify/CartLine/${n}-${i}`, ...l })),
        buyerIdentity: null,
      };
      carts.set(cart.id, cart);
      return send(200, { data: { cartCreate: { cart: cartJson(base, cart), userErrors: [] } } });
    }
    if (operation === 'cartBuyerIdentityUpdate') {
      const cart = carts.get(variables.cartId);
      if (!cart)
        return send(200, {
          data: {
            cartBuyerIdentityUpdate: { cart: null, userErrors: [{ field: ['cartId'], message: 'The specified cart does not exist.', code: 'INVALID' }] },
          },
        });
      cart.buyerIdentity = variables.buyerIdentity;
      return send(200, { data: { cartBuyerIdentityUpdate: { cart: cartJson(base, cart), userErrors: [] } } });
    }
    if (operation === 'cart') {
      const cart = carts.get(variables.id);
      return send(200, { data: { cart: cart ? cartJson(base, cart) : null } });
    }
    return send(200, { errors: [{ message: 'Field does not exist on type QueryRoot' }] });
  });
  return {
    ...fake,
    asked,
    carts,
    /** What the store sells from now on. */
    setProducts: (list: FakeShopifyProduct[]) => {
      products = list;
    },
    /** Every request answers `status` until given null. */
    fail: (status: number | null) => {
      failing = status;
    },
    /** The store forgets the cart (Shopify carts expire). */
    expire: (cartId: string) => carts.delete(cartId),
  };
}
