// The store carts' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../../shared/domain-error.js';

export const cartErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to buy products.'),
  optionNotFound: () => new DomainError('not_found', 'option_not_found', 'This product option is not in the catalogue.'),
  optionUnavailable: () => new DomainError('conflict', 'option_unavailable', 'This product option is no longer available.'),
  merchantPaidInThread: (merchantName: string) =>
    new DomainError(
      'conflict',
      'merchant_paid_in_thread',
      `${merchantName} has no store cart: buy this product here and pay in the thread (create-shopping-order).`,
    ),
  storeUnavailable: () => new DomainError('unavailable', 'store_unavailable', "The merchant's store could not be reached just now. Please try again."),
  cartNotFound: () => new DomainError('not_found', 'cart_not_found', 'No such cart: put a product in a cart first.'),
  cartExpired: () => new DomainError('not_found', 'cart_expired', 'The store no longer has this cart. Put the product in a new cart.'),
  shippingInfoRequired: () => new DomainError('conflict', 'shipping_info_required', 'Give the cart a shipping address first.'),
};
