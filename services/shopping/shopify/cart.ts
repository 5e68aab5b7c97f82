// A store's cart through the Storefront API: made with its lines (cartCreate), given the buyer's
// identity and delivery address (cartBuyerIdentityUpdate), read back (cart). The cart's
// checkoutUrl is the store's own checkout, where the buyer pays the merchant.
import { z } from 'zod';
import { storefrontQuery, StorefrontError, type StorefrontStore } from './storefront.js';

const CART_FIELDS = `fragment CartFields on Cart {
  id checkoutUrl
  cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
  lines(first: 50) { edges { node { id quantity merchandise { ... on ProductVariant { id } } } } }
}`;

export const CART_CREATE = `mutation CartCreate($input: CartInput!) {
  cartCreate(input: $input) { cart { ...CartFields } userErrors { field message code } }
}
${CART_FIELDS}`;

export const CART_BUYER_IDENTITY_UPDATE = `mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
  cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) { cart { ...CartFields } userErrors { field message code } }
}
${CART_FIELDS}`;

export const CART_QUERY = `query Cart($id: ID!) { cart(id: $id) { ...CartFields } }
${CART_FIELDS}`;

const money = z.object({ amount: z.string().max(40), currencyCode: z.string().max(3) });
const cart = z.object({
  id: z.string().min(1).max(500),
  checkoutUrl: z.string().max(4000),
  cost: z.object({ subtotalAmount: money, totalAmount: money }),
  lines: z.object({
    edges: z
      .array(z.object({ node: z.object({ id: z.string().max(500), quantity: z.number().int(), merchandise: z.object({ id: z.string().max(500) }) }) }))
      .max(50),
  }),
});
const userErrors = z.array(z.object({ message: z.string().max(1000), code: z.string().max(100).nullish() })).max(50);
const cartChange = z.object({ cart: cart.nullish(), userErrors });

export type StorefrontCart = z.infer<typeof cart>;

export type CartLine = { merchandiseId: string; quantity: number };

/** The buyer as Shopify's CartBuyerIdentityInput takes it. */
export type BuyerIdentity = {
  email: string;
  phone: string | null;
  countryCode: string;
  deliveryAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string | null;
    city: string;
    province: string | null;
    country: string;
    zip: string;
    phone: string | null;
  };
};

function changed(result: z.infer<typeof cartChange>): StorefrontCart {
  if (result.userErrors.length > 0) throw new StorefrontError(`The store refused the cart: ${result.userErrors[0]!.message.slice(0, 300)}`);
  if (!result.cart) throw new StorefrontError('The store answered without a cart.');
  if (!/^https?:\/\//i.test(result.cart.checkoutUrl)) throw new StorefrontError('The store gave a checkout address that is not a web address.');
  return result.cart;
}

export async function createCart(store: StorefrontStore, lines: CartLine[]): Promise<StorefrontCart> {
  const data = await storefrontQuery(store, CART_CREATE, { input: { lines } }, z.object({ cartCreate: cartChange }));
  return changed(data.cartCreate);
}

export async function setBuyerIdentity(store: StorefrontStore, cartId: string, buyer: BuyerIdentity): Promise<StorefrontCart> {
  const { deliveryAddress, ...identity } = buyer;
  const buyerIdentity = { ...identity, deliveryAddressPreferences: [{ deliveryAddress }] };
  const data = await storefrontQuery(store, CART_BUYER_IDENTITY_UPDATE, { cartId, buyerIdentity }, z.object({ cartBuyerIdentityUpdate: cartChange }));
  return changed(data.cartBuyerIdentityUpdate);
}

/** The cart as the store has it now, or null when the store no longer has it (carts expire). */
export async function readCart(store: StorefrontStore, cartId: string): Promise<StorefrontCart | null> {
  const data = await storefrontQuery(store, CART_QUERY, { id: cartId }, z.object({ cart: cart.nullish() }));
  return data.cart ?? null;
}
