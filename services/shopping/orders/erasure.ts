// Orders in the log (docs/data-rights.md): the shipping address (a name, a street, a phone) is
// the person's; what was bought and paid stays as the merchant's and Stripe's record, without it.
import { blank, type Redactors } from '../../eventstore/erasure.js';

const theirs = (data: { user_id?: string }, userId: string) => data.user_id === userId;

export const orderRedactors: Redactors = {
  ShoppingOrderCreated: (e, p) => (theirs(e.data, p.userId) ? blank(e.data, ['shipping_address']) : undefined),
  ShopperAddressSaved: (e, p) => (theirs(e.data, p.userId) ? blank(e.data, ['shipping_address']) : undefined),
};
