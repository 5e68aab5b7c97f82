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
