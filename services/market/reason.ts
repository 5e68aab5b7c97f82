// The plain-language reason of a firing: what the price did and which of the person's conditions
// it met. It becomes part of the alert run's prompt, so the answer explains the move.
import type { Crossing } from './crossing.js';
import { percentMove } from './crossing.js';
import type { Quote } from './quote.js';

/** A price as people read it: cents, or four places under one unit (penny stocks). */
export const money = (n: number, currency: string) => `${n.toFixed(Math.abs(n) < 1 ? 4 : 2)} ${currency}`;
const signed = (n: number, digits: number) => `${n > 0 ? '+' : n < 0 ? '-' : '±'}${Math.abs(n).toFixed(digits)}%`;
const bound = (n: number) => `${n > 0 ? '+' : ''}${n}%`;

export function crossingReason(q: Pick<Quote, 'symbol' | 'price' | 'previous_close' | 'currency'>, c: Crossing): string {
  const move = percentMove(q);
  if (c.bound === 'target') {
    const how = q.price === c.level ? 'reaching' : 'crossing';
    return `${q.symbol} ${c.direction} to ${money(q.price, q.currency)}, ${how} your target of ${money(c.level, q.currency)} (${signed(move, 1)} today).`;
  }
  return `${q.symbol} ${c.direction} ${Math.abs(move).toFixed(1)}% today to ${money(q.price, q.currency)} (previous close ${money(q.previous_close, q.currency)}), past your ${bound(c.level)} alert.`;
}

/** One reason for everything a quote crossed (two bounds at once only when the bounds overlap). */
export const firingReason = (q: Parameters<typeof crossingReason>[0], crossings: readonly Crossing[]) => crossings.map((c) => crossingReason(q, c)).join(' ');
