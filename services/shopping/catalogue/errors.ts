// The catalogue's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../../shared/domain-error.js';

export const NO_MERCHANT = 'Shopping is not set up on this server: no merchant product feed is configured (MERCHANT_FEEDS_FILE).';

export const catalogueErrors = {
  notConfigured: () => new DomainError('unavailable', 'shopping_not_configured', NO_MERCHANT),
  productNotFound: () => new DomainError('not_found', 'product_not_found', 'This product is no longer offered by its merchant.'),
};
