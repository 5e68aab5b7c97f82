// The store carts' use cases (seed 002 §7, the Firmly-style calls), each for one Actor: a cart
// made at the option's Shopify store, its buyer and shipping address set there, and its checkout
// session read back. Each step asks the store first and appends what the store answered with the
// stream's expected version; a store that fails leaves nothing appended. The person's current
// cart is read from its read model (projection.ts), written in the appending transaction.
import { catalogueErrors, type PricedOption, storefrontPrice } from '../catalogue/index.js';
import { normalAddress, type ShippingAddress } from '../orders/index.js';
import { createCart, readCart, setBuyerIdentity, StorefrontError, type StorefrontCart, type StorefrontStore } from '../shopify/index.js';
import type { Actor } from '../../shared/actor.js';
import type { KernelContext } from '../../shared/context.js';
import { ConcurrencyError, type NewEvent } from '../../eventstore/types.js';
import { type MerchantFeed, storeOriginOf } from '../../shared/merchant-feeds-config.js';
import { decideCartCreated, decideExpired, decideShippingSet, requireCurrentCart, requireSessionReady, requireStoreOption, splitName } from './decide.js';
import { cartErrors } from './errors.js';
import { type CartState, type CartTotals, cartStream, type CurrentCart, evolveCart, NO_CART } from './events.js';
import { currentCartOf } from './queries.js';

export type CartsDeps = Pick<KernelContext, 'db' | 'store' | 'now' | 'logger'> & {
  merchants: readonly MerchantFeed[];
  findOption: (optionKey: string) => Promise<PricedOption | null>;
};

/** The person's current cart as the calls answer it (spec FirmlyCart). */
export type FirmlyCart = CurrentCart;
export type FirmlySession = { cart_id: string; checkout_url: string; merchant_name: string; total_minor: number; currency: string };

async function signedIn(actor: Actor) {
  const user = await actor.user();
  if (!user) throw cartErrors.unauthenticated();
  return user;
}

function storeOf(deps: CartsDeps, merchantId: string): StorefrontStore | null {
  const m = deps.merchants.find((x) => x.id === merchantId);
  return m?.shopify ? { origin: storeOriginOf(m.shopify.store_domain), token: m.shopify.storefront_token } : null;
}

/** The store's failures become the call's plain problem (the reason is logged; it never holds the token). */
async function atStore<T>(deps: CartsDeps, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof StorefrontError)) throw err;
    deps.logger.warn({ reason: err.message }, `the store could not ${what}`);
    throw cartErrors.storeUnavailable();
  }
}

function totalsOf(cart: StorefrontCart): CartTotals {
  const subtotal = storefrontPrice(cart.cost.subtotalAmount.amount, cart.cost.subtotalAmount.currencyCode);
  const total = storefrontPrice(cart.cost.totalAmount.amount, cart.cost.totalAmount.currencyCode);
  if (!subtotal || !total) throw new StorefrontError('The store gave a cart total that cannot be read.');
  return { subtotal_minor: subtotal.minor, total_minor: total.minor, currency: total.currency, checkout_url: cart.checkoutUrl };
}

/** Decide on the stream's state and append at its version; a racing writer makes it decide again. */
async function appendDecided(deps: CartsDeps, userId: string, decide: (state: CartState) => NewEvent[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await deps.store.aggregate(cartStream(userId), NO_CART, evolveCart);
    const events = decide(state);
    try {
      if (events.length) await deps.store.append(cartStream(userId), version, events);
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
    }
  }
}

/** The person's cart as the read model has it. */
const currentOf = async (deps: CartsDeps, userId: string): Promise<CartState> => ({ cart: await currentCartOf(deps.db, userId) });

/** The cart the call just wrote, read back (the projection wrote it in the append's transaction). */
async function writtenCart(deps: CartsDeps, userId: string): Promise<FirmlyCart> {
  const cart = await currentCartOf(deps.db, userId);
  if (!cart) throw cartErrors.cartNotFound();
  return cart;
}

export async function createFirmlyCart(deps: CartsDeps, actor: Actor, input: { option_key: string; quantity?: number }): Promise<FirmlyCart> {
  const user = await signedIn(actor);
  if (deps.merchants.length === 0) throw catalogueErrors.notConfigured();
  const option = requireStoreOption(await deps.findOption(input.option_key));
  const store = storeOf(deps, option.merchantId);
  if (!store || !option.itemId) throw cartErrors.optionNotFound();
  const quantity = input.quantity ?? 1;
  const made = await atStore(deps, 'make a cart', async () => {
    const cart = await createCart(store, [{ merchandiseId: option.itemId!, quantity }]);
    return { cart, totals: totalsOf(cart) };
  });
  const line = made.cart.lines.edges.find((e) => e.node.merchandise.id === option.itemId)?.node;
  const cart = {
    cart_id: made.cart.id,
    merchant_id: option.merchantId,
    merchant_name: option.merchantName,
    lines: [
      {
        option_key: option.optionKey,
        title: option.title,
        option_label: option.optionLabel,
        quantity: line?.quantity ?? quantity,
        unit_price_minor: option.priceMinor,
        currency: option.currency,
        image_url: option.imageUrl,
      },
    ],
    ...made.totals,
  };
  await appendDecided(deps, user.id, () => decideCartCreated(user.id, cart, deps.now().toISOString()));
  return writtenCart(deps, user.id);
}

export async function setFirmlyShippingInfo(
  deps: CartsDeps,
  actor: Actor,
  input: { cart_id: string; shipping_address: ShippingAddress; email?: string },
): Promise<FirmlyCart> {
  const user = await signedIn(actor);
  const cart = requireCurrentCart(await currentOf(deps, user.id), input.cart_id);
  const address = normalAddress(input.shipping_address);
  const buyer = { email: input.email ?? user.email, shipping_address: address };
  const store = storeOf(deps, cart.merchant_id);
  if (!store) throw cartErrors.storeUnavailable();
  const totals = await atStore(deps, "set a cart's buyer", async () =>
    totalsOf(
      await setBuyerIdentity(store, cart.cart_id, {
        email: buyer.email,
        phone: address.phone,
        countryCode: address.country,
        deliveryAddress: {
          ...splitName(address.name),
          address1: address.line1,
          address2: address.line2,
          city: address.city,
          province: address.state,
          country: address.country,
          zip: address.postal_code,
          phone: address.phone,
        },
      }),
    ),
  );
  await appendDecided(deps, user.id, (s) => decideShippingSet(s, user.id, cart.cart_id, buyer, totals, deps.now().toISOString()));
  return writtenCart(deps, user.id);
}

export async function createFirmlySession(deps: CartsDeps, actor: Actor): Promise<FirmlySession> {
  const user = await signedIn(actor);
  const cart = requireSessionReady(await currentOf(deps, user.id));
  const store = storeOf(deps, cart.merchant_id);
  if (!store) throw cartErrors.storeUnavailable();
  const now = await atStore(deps, 'read a cart', async () => {
    const found = await readCart(store, cart.cart_id);
    return found && totalsOf(found);
  });
  if (!now) {
    await appendDecided(deps, user.id, (s) => (s.cart?.cart_id === cart.cart_id ? decideExpired(s, user.id, deps.now().toISOString()) : []));
    throw cartErrors.cartExpired();
  }
  return { cart_id: cart.cart_id, checkout_url: now.checkout_url, merchant_name: cart.merchant_name, total_minor: now.total_minor, currency: now.currency };
}
