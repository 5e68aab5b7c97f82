// When a price alert fires (seed 003 "Task draft": STOCK_PRICE_TARGET with a price,
// STOCK_PRICE_MOVEMENT with value_lower_bound and value_upper_bound in percent). Pure: a watch
// (what the alert has seen) and one quote in, the next watch and the crossings out.
//
// Target: the price crossing the target from either side since the last check fires, once: the
// alert then waits on the side the price reached, so a price staying there (or sitting on the
// target) never fires again until it has gone back across. The first quote only tells the side.
// Movement: the day's move against the previous close going to or past a bound fires once per
// bound; that bound re-arms when the move is back within it, and both re-arm when the previous
// close changes (a new trading day starts at 0%, within both bounds).

export const ALERT_TYPES = ['STOCK_PRICE_TARGET', 'STOCK_PRICE_MOVEMENT'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** What the person asked to be told about: the alert's fields as the tasks domain keeps them. */
export type AlertTerms = {
  alert_type: AlertType;
  symbol: string;
  /** The target price (STOCK_PRICE_TARGET). */
  price: number | null;
  /** Percent moves against the previous close (STOCK_PRICE_MOVEMENT): e.g. -5 and 5; null for no bound on that side. */
  value_lower_bound: number | null;
  value_upper_bound: number | null;
};

export type Side = 'below' | 'above';
/** `from`: the side the price was last strictly on and may cross from; null before the first such quote or right after reaching the target exactly. */
export type TargetWatch = { kind: 'target'; from: Side | null };
export type BoundState = 'armed' | 'fired';
/** `previous_close`: the close the day's move is measured against (null before the first quote). */
export type MovementWatch = { kind: 'movement'; previous_close: number | null; lower: BoundState; upper: BoundState };
export type Watch = TargetWatch | MovementWatch;

export type Crossing = { bound: 'target' | 'lower' | 'upper'; direction: 'rose' | 'fell'; level: number };

/** The numbers of a quote the rules read. */
export type PricePoint = { price: number; previous_close: number };

export function initialWatch(type: AlertType): Watch {
  return type === 'STOCK_PRICE_TARGET' ? { kind: 'target', from: null } : { kind: 'movement', previous_close: null, lower: 'armed', upper: 'armed' };
}

/** The day's move in percent against the previous close (rounded to 1e-6 so 100 -> 105 is 5, not 4.999...). */
export function percentMove(q: PricePoint): number {
  return Math.round(((q.price - q.previous_close) / q.previous_close) * 100 * 1e6) / 1e6;
}

export function step(watch: Watch, terms: AlertTerms, q: PricePoint): { watch: Watch; crossings: Crossing[] } {
  if (watch.kind === 'target') return stepTarget(watch, terms.price, q.price);
  return stepMovement(watch, terms, q);
}

function stepTarget(watch: TargetWatch, target: number | null, price: number): { watch: TargetWatch; crossings: Crossing[] } {
  if (target === null) return { watch, crossings: [] };
  const side = price > target ? 'above' : price < target ? 'below' : 'at';
  if (watch.from === 'below' && side !== 'below')
    return { watch: { kind: 'target', from: side === 'above' ? 'above' : null }, crossings: [{ bound: 'target', direction: 'rose', level: target }] };
  if (watch.from === 'above' && side !== 'above')
    return { watch: { kind: 'target', from: side === 'below' ? 'below' : null }, crossings: [{ bound: 'target', direction: 'fell', level: target }] };
  return { watch: { kind: 'target', from: side === 'at' ? watch.from : side }, crossings: [] };
}

function stepMovement(watch: MovementWatch, terms: AlertTerms, q: PricePoint): { watch: MovementWatch; crossings: Crossing[] } {
  // A new previous close is a new trading day: its move starts at 0%, within both bounds.
  const day: MovementWatch =
    watch.previous_close === q.previous_close ? watch : { kind: 'movement', previous_close: q.previous_close, lower: 'armed', upper: 'armed' };
  const move = percentMove(q);
  const crossings: Crossing[] = [];
  let { lower, upper } = day;
  const up = terms.value_upper_bound;
  if (up !== null) {
    if (move < up) upper = 'armed';
    else if (upper === 'armed') {
      upper = 'fired';
      crossings.push({ bound: 'upper', direction: 'rose', level: up });
    }
  }
  const low = terms.value_lower_bound;
  if (low !== null) {
    if (move > low) lower = 'armed';
    else if (lower === 'armed') {
      lower = 'fired';
      crossings.push({ bound: 'lower', direction: 'fell', level: low });
    }
  }
  return { watch: { ...day, lower, upper }, crossings };
}

/** Field by field: a watch read back from jsonb has its keys in another order. */
export function sameWatch(a: Watch, b: Watch): boolean {
  if (a.kind === 'target' || b.kind === 'target') return a.kind === b.kind && (a as TargetWatch).from === (b as TargetWatch).from;
  return a.previous_close === b.previous_close && a.lower === b.lower && a.upper === b.upper;
}

export const sameTerms = (a: AlertTerms, b: AlertTerms) =>
  a.alert_type === b.alert_type &&
  a.symbol === b.symbol &&
  a.price === b.price &&
  a.value_lower_bound === b.value_lower_bound &&
  a.value_upper_bound === b.value_upper_bound;
