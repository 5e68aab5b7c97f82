// Which 'Confirm changes' modal shows (seed 002 §2 and §4), in the seed's order of concern:
// Android store, iOS store, carrier billing (and other subscriptions this flow does not change),
// missing payment method, payment failed, a generic upgrade error; otherwise the person is told
// they are charged now and get Max at once. Pure, from the quote, its error and the confirm's error.
import type { UpgradeQuote } from '../../../../generated/react-query/model';

export const MISSING_PAYMENT_METHOD_TEXT = 'Please add a payment method to upgrade to Max.';
export const PAYMENT_FAILED_TEXT = 'Payment failed. Please update payment to continue.';
export const GENERIC_UPGRADE_ERROR_TEXT = 'Something went wrong. Please continue to Stripe and complete your payment.';
export const CARRIER_TEXT = 'Max subscriptions are not supported by carrier billing.';
export const UPGRADE_TO_CONTINUE_TEXT = 'Upgrade to Max to continue.';
export const chargeText = (total: string) => `You will be charged ${total} now and get immediate access to Max.`;

export type Problem = { code: string; detail: string | null } | null;

export type UpgradeVariant =
  | { kind: 'loading' }
  | { kind: 'android' | 'ios' | 'unsupported'; text: string }
  | { kind: 'missing-payment-method' | 'payment-failed' | 'generic-payment-error'; text: string }
  | { kind: 'ready' | 'upgrade-to-continue'; text: string };

const STORE: Record<string, 'android' | 'ios'> = { subscription_from_google_play: 'android', subscription_from_app_store: 'ios' };
const UNSUPPORTED = new Set(['carrier_billing_max_unsupported', 'plan_change_unsupported', 'upgrade_not_available', 'billing_not_configured']);

export function upgradeVariant(p: {
  quote: UpgradeQuote | null;
  quoteError: Problem;
  confirmError: Problem;
  toContinue?: boolean;
  formatTotal: (q: UpgradeQuote) => string;
}): UpgradeVariant {
  const errors = [p.quoteError, p.confirmError].filter((e): e is NonNullable<Problem> => e !== null);
  for (const kind of ['android', 'ios'] as const) {
    const e = errors.find((x) => STORE[x.code] === kind);
    if (e) return { kind, text: e.detail ?? '' };
  }
  const carrier = errors.find((x) => x.code === 'carrier_billing_max_unsupported');
  if (carrier) return { kind: 'unsupported', text: CARRIER_TEXT };
  const unsupported = errors.find((x) => UNSUPPORTED.has(x.code));
  if (unsupported) return { kind: 'unsupported', text: unsupported.detail ?? '' };
  if ((p.quote && !p.quote.payment_method) || p.confirmError?.code === 'missing_payment_method')
    return { kind: 'missing-payment-method', text: MISSING_PAYMENT_METHOD_TEXT };
  if (p.quote?.payment_failed || p.confirmError?.code === 'stripe_upgrade_payment_error') return { kind: 'payment-failed', text: PAYMENT_FAILED_TEXT };
  if (errors.length > 0) return { kind: 'generic-payment-error', text: GENERIC_UPGRADE_ERROR_TEXT };
  if (!p.quote) return { kind: 'loading' };
  const charge = chargeText(p.formatTotal(p.quote));
  return p.toContinue ? { kind: 'upgrade-to-continue', text: `${UPGRADE_TO_CONTINUE_TEXT} ${charge}` } : { kind: 'ready', text: charge };
}

/** The payment-fix button shows when the method is missing, the payment failed, or there is an error. */
export const showsPaymentFix = (v: UpgradeVariant) => v.kind === 'missing-payment-method' || v.kind === 'payment-failed' || v.kind === 'generic-payment-error';

/** Confirm is disabled while the quote is absent or loading, without a payment method, and on any error or refusal. */
export const confirmable = (v: UpgradeVariant) => v.kind === 'ready' || v.kind === 'upgrade-to-continue';
