// The order summary of the checkout form, from the session as Stripe.js holds it (seed 002 §3
// 'Pricing choice': unit price, discount amounts with their recurring kind, Stripe tax amounts,
// total, and what is due next). Discounts are said in the seed's words ('{amount} off for {n}
// months', '{amount} off forever'). Pure, so its test and the form agree.
import type {
  StripeCheckoutAmount,
  StripeCheckoutBillingInterval,
  StripeCheckoutDiscountAmount,
  StripeCheckoutLineItem,
  StripeCheckoutTaxAmount,
} from '@stripe/stripe-js';
import { discountText } from './pricing';

export type SummaryLine = { label: string; amount: string };

const PER = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

/** The part of Stripe.js's StripeCheckoutSession the summary reads. */
export type SummarySession = {
  lineItems: Pick<StripeCheckoutLineItem, 'name' | 'unitAmount' | 'recurring'>[];
  discountAmounts: Pick<StripeCheckoutDiscountAmount, 'amount' | 'displayName' | 'promotionCode' | 'recurring'>[] | null;
  taxAmounts: Pick<StripeCheckoutTaxAmount, 'amount' | 'displayName'>[] | null;
  recurring: { interval: StripeCheckoutBillingInterval; dueNext: { total: StripeCheckoutAmount } } | null;
  total: { total: StripeCheckoutAmount };
};

export function orderSummary(session: SummarySession): { lines: SummaryLine[]; dueToday: string; afterwards: string | null } {
  const lines: SummaryLine[] = [];
  const item = session.lineItems[0];
  if (item) lines.push({ label: item.name, amount: item.recurring ? `${item.unitAmount.amount} / ${PER[item.recurring.interval]}` : item.unitAmount.amount });
  for (const d of session.discountAmounts ?? []) {
    const what = d.promotionCode ?? d.displayName;
    lines.push({ label: what, amount: d.recurring ? discountText(d.amount, d.recurring) : `${d.amount} off` });
  }
  for (const t of session.taxAmounts ?? []) lines.push({ label: t.displayName, amount: t.amount });
  const next = session.recurring;
  // After a trial or a first payment, what each later period costs (with a repeating discount while it lasts).
  const afterwards = next ? `Then ${next.dueNext.total.amount} / ${PER[next.interval]}` : null;
  return { lines, dueToday: session.total.total.amount, afterwards };
}
