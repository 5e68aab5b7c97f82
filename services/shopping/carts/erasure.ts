// Store carts in the log (docs/data-rights.md): the buyer's email and shipping address are the
// person's; what was put in the cart stays as the store's record, without them.
import { blank, type Redactors } from '../../eventstore/erasure.js';

export const cartRedactors: Redactors = {
  StoreCartShippingSet: (e, p) => (e.data.user_id === p.userId ? blank(e.data, ['email', 'shipping_address']) : undefined),
};
