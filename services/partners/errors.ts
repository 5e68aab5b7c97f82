// The partners' refusals: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const partnerErrors = {
  partnerNotFound: () => new DomainError('not_found', 'partner_not_found', 'There is no partner with this code.'),
  billingNotConfigured: () =>
    new DomainError('unavailable', 'billing_not_configured', 'Promo codes are not available: billing is not configured on this server.'),
};
