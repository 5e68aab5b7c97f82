// The words and sums the shopping screens share. Pure, so the screens and their tests agree.
import type { ShoppingOrder } from '../../../../../generated/react-query/model';

/** The seed's shopping timeouts (002 §9), in ms: order 10 s, payment intent 6 s, cancel 20 s, customer info 5 s. */
export const SHOPPING_TIMEOUTS = { order: 10_000, paymentIntent: 6_000, cancel: 20_000, customerInfo: 5_000 } as const;

export const STATUS_LABEL: Record<ShoppingOrder['status'], string> = {
  created: 'Not paid',
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

function minorUnitFactor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** Minor units as money in the reader's locale, e.g. 15900 eur → "€159.00". */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(minor / minorUnitFactor(currency));

/** A cancelled order that had been paid shows its refund. */
export const refundText = (order: Pick<ShoppingOrder, 'refund' | 'currency'>) =>
  order.refund ? `Refunded ${money(order.refund.amount_minor, order.currency)}` : null;

/** An order not paid yet (or declined) may be paid from the purchases page. */
export const mayPay = (order: Pick<ShoppingOrder, 'status'>) =>
  order.status === 'created' || order.status === 'awaiting_payment' || order.status === 'payment_failed';

export const mayCancel = (order: Pick<ShoppingOrder, 'status'>) => order.status !== 'cancelled';

export const orderDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
