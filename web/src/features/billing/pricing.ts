// The pricing rules of the checkout (seed 002 §5): money from minor units, the yearly saving,
// the free-months trial text and the discount texts. Pure, so the page and its tests agree.

/** The minor-unit factor of a currency: 100 for USD and EUR, 1 for JPY, 1000 for KWD (from Intl's digits). */
export function minorUnitFactor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** An amount in minor units as money: price_minor_units divided by the currency's factor. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(minor / minorUnitFactor(currency));
}

export type Tier = 'monthly' | 'yearly' | 'unknown';

/** Unknown billing interval is shown as monthly. */
export const shownTier = (tier: Tier): 'monthly' | 'yearly' => (tier === 'yearly' ? 'yearly' : 'monthly');

/**
 * The yearly saving, in minor units, or null when none is shown: only while the yearly tier is not
 * selected; 12 × monthly − yearly, or half the yearly price for a HALF_OFF cohort.
 */
export function yearlySaving(p: { monthlyMinor: number; yearlyMinor: number; selected: Tier; halfOffCohort?: boolean }): number | null {
  if (p.selected === 'yearly') return null;
  const saving = p.halfOffCohort ? Math.round(p.yearlyMinor / 2) : 12 * p.monthlyMinor - p.yearlyMinor;
  return saving > 0 ? saving : null;
}

export const TRIAL_THRESHOLD_DAYS = 28;
export const DAYS_PER_MONTH = 30.44;

/** Free months of a trial: shown only for 28 days or more; months = days / 30.44, rounded. */
export function trialMonths(trialDays: number | null | undefined): number | null {
  if (!trialDays || trialDays < TRIAL_THRESHOLD_DAYS) return null;
  return Math.round(trialDays / DAYS_PER_MONTH);
}

export const HALF_OFF_TEXT = '50% off one payment';

export type DiscountRecurring = { type: 'repeating'; durationInMonths: number } | { type: 'forever' };

/** '{amount} off for {n} months' or '{amount} off forever'. */
export function discountText(amount: string, recurring: DiscountRecurring): string {
  return recurring.type === 'forever' ? `${amount} off forever` : `${amount} off for ${recurring.durationInMonths} months`;
}

/** A promotion code's coupon, as checkout answers it (amount_off in minor units of currency). */
export type CouponDiscount = {
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
};

/** A coupon of half off one payment puts the person in the HALF_OFF cohort. */
export const isHalfOff = (d: CouponDiscount | null | undefined) => !!d && d.percent_off === 50 && d.duration === 'once';

/** The discount's text: the seed's '{amount} off for {n} months', '{amount} off forever', or '50% off one payment' for the half-off cohort. */
export function couponText(d: CouponDiscount, fallbackCurrency: string): string {
  if (isHalfOff(d)) return HALF_OFF_TEXT;
  const amount = d.percent_off !== null ? `${d.percent_off}%` : formatMoney(d.amount_off ?? 0, d.currency ?? fallbackCurrency);
  if (d.duration === 'forever') return discountText(amount, { type: 'forever' });
  if (d.duration === 'repeating' && d.duration_in_months) return discountText(amount, { type: 'repeating', durationInMonths: d.duration_in_months });
  return `${amount} off one payment`;
}

/** The free-months promotion of a trial of 28 days or more, or null. */
export function trialText(trialDays: number | null | undefined): string | null {
  const months = trialMonths(trialDays);
  return months === null ? null : `${months} ${months === 1 ? 'month' : 'months'} free`;
}
