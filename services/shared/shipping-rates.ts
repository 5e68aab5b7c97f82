// SHOPPING_SHIPPING_RATES: each merchant's flat shipping per order, in minor units of the order's
// currency ("merchant-a=499,*=0"; `*` for every merchant not named).
export function parseShippingRates(text: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const key = part.slice(0, eq).trim();
    const amount = Number(part.slice(eq + 1).trim());
    if (eq <= 0 || !key || !Number.isInteger(amount) || amount < 0) throw new Error(`"${part}" is not merchant=amount (a whole number of minor units)`);
    rates.set(key, amount);
  }
  return rates;
}
