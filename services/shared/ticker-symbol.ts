// A stock's ticker symbol, as price alerts name it. Kernel, because the tasks domain's pure rules
// (which the mocks run in the browser) and the market domain's adapter both check it.
export const SYMBOL_PATTERN = /^[A-Z0-9.-]{1,12}$/;

/**
 * A ticker symbol as typed (any case, spaces around), upper-cased, or null when it cannot be one:
 * letters, digits, '.' and '-', 1 to 12 characters (BRK.B, RDS-A).
 */
export function parseSymbol(input: string): string | null {
  const symbol = input.trim().toUpperCase();
  return SYMBOL_PATTERN.test(symbol) ? symbol : null;
}
