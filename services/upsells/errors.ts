// The upsells' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const upsellErrors = {
  notFound: () => new DomainError('not_found', 'upsell_not_found', 'There is no such upsell for you.'),
  noVisitor: () => new DomainError('forbidden', 'upsell_no_visitor', 'This browser has no visitor id: allow cookies and reload the page.'),
};
