// Feed prices as Google Merchant Center writes them ("15.00 USD", "USD 15.00", "1,299.99 EUR"),
// in the currency's minor units (cents; yen have none): integers, so no sum is ever off by a float.

/** The minor-unit digits of an ISO 4217 currency (2 for EUR, 0 for JPY, 3 for KWD), from Intl; null when unknown. */
export function minorDigits(currency: string): number | null {
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
}

export type Price = { minor: number; currency: string };

/** The largest price kept: a billion in major units; more is a feed error, not a price. */
const MAX_MAJOR = 1_000_000_000;

/** A feed's price text in minor units, its currency from the text or else `fallback`; null when it is no price. */
export function parsePrice(text: string, fallback: string | null): Price | null {
  const t = text.trim().toUpperCase();
  const m = /^(?:([A-Z]{3})\s*)?([0-9][0-9,]*(?:\.[0-9]+)?)(?:\s*([A-Z]{3}))?$/.exec(t);
  if (!m) return null;
  const currency = m[1] ?? m[3] ?? fallback?.toUpperCase() ?? null;
  if (!currency || (m[1] && m[3])) return null;
  const digits = minorDigits(currency);
  if (digits === null) return null;
  const [whole, frac = ''] = m[2]!.replace(/,/g, '').split('.');
  if (frac.length > digits) return null;
  const major = Number(whole);
  if (!Number.isSafeInteger(major) || major > MAX_MAJOR) return null;
  return { minor: major * 10 ** digits + Number(frac.padEnd(digits, '0') || '0'), currency };
}
