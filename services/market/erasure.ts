// The price alerts in the log (docs/data-rights.md): which stock a person watched, the quotes
// seen for it and the reasons written about it are theirs; ids, numbers and times keep the shape.
import type { Redactors } from '../eventstore/erasure.js';

// biome-ignore lint/suspicious/noExplicitAny: a redactor reads any stored version of its payload.
const withoutSymbol = (d: any) => ({
  ...d,
  terms: d.terms ? { ...d.terms, symbol: '' } : d.terms,
  quote: d.quote ? { ...d.quote, symbol: '' } : d.quote,
  ...(typeof d.reason === 'string' ? { reason: '' } : {}),
});

export const priceAlertRedactors: Redactors = {
  PriceAlertArmed: (e, p) => (e.data.owner_id === p.userId ? withoutSymbol(e.data) : undefined),
  PriceAlertFired: (e, p) => (e.data.owner_id === p.userId ? withoutSymbol(e.data) : undefined),
};
