import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { DomainError } from '../../shared/domain-error.js';
import { decideCartCreated, decideExpired, decideShippingSet, requireCurrentCart, requireSessionReady, requireStoreOption, splitName } from './decide.js';
import { evolveCart, NO_CART } from './events.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return (err as DomainError).code;
  }
  return 'none';
};
const totals = { subtotal_minor: 1000, total_minor: 1200, currency: 'EUR', checkout_url: 'https://shop.example/cart/c/1' };
const cart = { cart_id: 'gid://shopify/Cart/1', merchant_id: 'shopify', merchant_name: 'Fjord', lines: [], ...totals };
const buyer = {
  email: 'ada@example.com',
  shipping_address: { name: 'Ada Lovelace', line1: '1 Road', line2: null, city: 'Oslo', state: null, postal_code: '0150', country: 'NO', phone: null },
};

test('only an available Shopify option goes in a store cart; a feed merchant is paid in the thread', () => {
  expect(codeOf(() => requireStoreOption(null))).toBe('option_not_found');
  expect(codeOf(() => requireStoreOption({ merchantKind: 'feed', merchantName: 'Peak', available: true }))).toBe('merchant_paid_in_thread');
  expect(codeOf(() => requireStoreOption({ merchantName: 'Old feed', available: true }))).toBe('merchant_paid_in_thread');
  expect(codeOf(() => requireStoreOption({ merchantKind: 'shopify', merchantName: 'Fjord', available: false }))).toBe('option_unavailable');
  expect(requireStoreOption({ merchantKind: 'shopify', merchantName: 'Fjord', available: true }).merchantName).toBe('Fjord');
});

test('a cart is made, given its buyer, opened for checkout, and forgotten when the store lets it expire', () => {
  expect(codeOf(() => requireSessionReady(NO_CART))).toBe('cart_not_found');
  const made = decideCartCreated('u1', cart, 'now').reduce(evolveCart, NO_CART);
  expect(made.cart).toMatchObject({ cart_id: cart.cart_id, shipping_info_set: false });
  expect(codeOf(() => requireSessionReady(made))).toBe('shipping_info_required');
  expect(codeOf(() => decideShippingSet(made, 'u1', 'gid://shopify/Cart/other', buyer, totals, 'now'))).toBe('cart_not_found');
  const shipped = decideShippingSet(made, 'u1', cart.cart_id, buyer, { ...totals, total_minor: 1500 }, 'now').reduce(evolveCart, made);
  expect(requireSessionReady(shipped)).toMatchObject({ total_minor: 1500, shipping_info_set: true });
  const gone = decideExpired(shipped, 'u1', 'later').reduce(evolveCart, shipped);
  expect(gone).toEqual(NO_CART);
  expect(decideExpired(gone, 'u1', 'later')).toEqual([]);
});

test('a new cart replaces the last: the old cart id is no longer the person’s', () => {
  const first = decideCartCreated('u1', cart, 'now').reduce(evolveCart, NO_CART);
  const second = decideCartCreated('u1', { ...cart, cart_id: 'gid://shopify/Cart/2' }, 'now').reduce(evolveCart, first);
  expect(codeOf(() => requireCurrentCart(second, cart.cart_id))).toBe('cart_not_found');
  expect(requireCurrentCart(second, 'gid://shopify/Cart/2').cart_id).toBe('gid://shopify/Cart/2');
});

test('a name splits into a first and a last name that join back to it', () => {
  expect(splitName('Ada')).toEqual({ firstName: '', lastName: 'Ada' });
  expect(splitName(' Ada  King Lovelace ')).toEqual({ firstName: 'Ada King', lastName: 'Lovelace' });
  fc.assert(
    fc.property(fc.array(fc.stringMatching(/^[A-Za-zÀ-ÿ'-]{1,12}$/), { minLength: 1, maxLength: 5 }), (words) => {
      const { firstName, lastName } = splitName(words.join(' '));
      expect([firstName, lastName].filter(Boolean).join(' ')).toBe(words.join(' '));
      expect(lastName).toBe(words[words.length - 1]);
    }),
  );
});
