// An answer's product cards in the log (docs/data-rights.md): the question they were searched
// for is the thread owner's; the products are the merchants'.
import type { Redactors } from '../../eventstore/erasure.js';
import type { ShoppingWidgetsAttached } from './events.js';

export const catalogueRedactors: Redactors = {
  ShoppingWidgetsAttached: (e, p) => {
    const d = e.data as ShoppingWidgetsAttached['data'];
    return d.user_id === p.userId ? { ...d, query: '' } : undefined;
  },
};
