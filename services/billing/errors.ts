// The billing domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const billingErrors = {
  notConfigured: () => new DomainError('unavailable', 'billing_not_configured', 'Billing is not configured on this server: nothing can be bought here.'),
  planNotForSale: () => new DomainError('invalid', 'plan_not_for_sale', 'That plan has no price for this billing period.'),
  alreadySubscribed: () => new DomainError('conflict', 'subscription_already_active', 'subscription already active'),
  noBillingAccount: () => new DomainError('not_found', 'no_billing_account', 'You have no billing account yet: subscribe first.'),
  invalidPromoCode: () => new DomainError('invalid', 'invalid_promo_code', 'Invalid promo code'),
  expiredPromoCode: () => new DomainError('invalid', 'expired_promo_code', 'Expired promo code'),
  invalidSignature: () => new DomainError('invalid', 'invalid_signature', 'The Stripe-Signature header does not match this body.'),
  badRedirect: () => new DomainError('invalid', 'invalid_redirect_url', 'The return address must be a path on this site.'),
  notAdministrator: () => new DomainError('forbidden', 'not_administrator', 'Only an administrator of this server can do that.'),
  accountNotFound: () => new DomainError('not_found', 'account_not_found', 'No account has that address.'),
};
