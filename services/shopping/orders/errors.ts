// The orders' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../../shared/domain-error.js';

export const orderErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to buy products.'),
  paymentsNotConfigured: () =>
    new DomainError('unavailable', 'payments_not_configured', 'Payments are not set up on this server: nothing can be bought here yet.'),
  addressIncomplete: () => new DomainError('invalid', 'shipping_address_incomplete', 'The shipping address needs a name, a street, a city and a postal code.'),
  countryInvalid: () => new DomainError('invalid', 'shipping_country_invalid', 'The country must be two letters (ISO 3166-1), such as US or GB.'),
  optionNotFound: () => new DomainError('not_found', 'option_not_found', 'This product option is not in the catalogue.'),
  paidAtStore: (merchantName: string) =>
    new DomainError('conflict', 'merchant_paid_at_store', `${merchantName} is paid at its own store: put this product in a store cart (create-firmly-cart).`),
  optionUnavailable: () => new DomainError('conflict', 'option_unavailable', 'This product option is no longer available.'),
  priceChanged: () => new DomainError('conflict', 'price_changed', 'The price changed since you added this product. Check the new price and try again.'),
  currencyMismatch: () => new DomainError('invalid', 'currency_mismatch', 'The items of one order must all be in the currency the merchant sells them in.'),
  currencyRequired: () => new DomainError('invalid', 'currency_required', 'Say the currency of the amount, or the option being bought.'),
  orderNotFound: () => new DomainError('not_found', 'order_not_found', 'No such order.'),
  orderNotPayable: () => new DomainError('conflict', 'order_not_payable', 'This order is already paid or cancelled.'),
  alreadyCancelled: () => new DomainError('conflict', 'order_already_cancelled', 'This order is already cancelled.'),
  refundFailed: () => new DomainError('unavailable', 'refund_failed', 'Stripe could not refund this order; it was not cancelled. Please try again.'),
  paymentIntentFailed: () => new DomainError('unavailable', 'payment_intent_error', 'Stripe could not start the payment. Please try again.'),
  taxFailed: () => new DomainError('unavailable', 'tax_calculation_error', 'Stripe could not work out the tax. Please try again.'),
  invalidSignature: () => new DomainError('invalid', 'invalid_signature', 'The Stripe-Signature header does not match this body.'),
};
