// The billing domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const billingErrors = {
  notConfigured: () => new DomainError('unavailable', 'billing_not_configured', 'Billing is not configured on this server: nothing can be bought here.'),
  planNotForSale: () => new DomainError('invalid', 'plan_not_for_sale', 'That plan has no price for this billing period.'),
  alreadySubscribed: () => new DomainError('conflict', 'subscription_already_active', 'subscription already active'),
  noBillingAccount: () => new DomainError('not_found', 'no_billing_account', 'You have no billing account yet: subscribe first.'),
  invalidPromoCode: () => new DomainError('invalid', 'invalid_promo_code', 'Invalid promo code'),
  expiredPromoCode: () => new DomainError('invalid', 'expired_promo_code', 'Expired promo code'),
  includedByOrganization: () => new DomainError('conflict', 'plan_included_by_organization', 'Your organization’s plan already includes this one.'),
  // The student offer (issue 36): its code is applied by the server, for a verified student only.
  studentVerificationRequired: () =>
    new DomainError('forbidden', 'student_verification_required', 'The student offer is for verified students: verify your school email address first.'),
  noStudentOffer: () => new DomainError('invalid', 'no_student_offer', "This server's billing configuration defines no student offer."),
  studentOfferOtherPlan: () => new DomainError('invalid', 'student_offer_other_plan', 'The student offer is not for this plan.'),
  studentOfferWithCode: () => new DomainError('invalid', 'student_offer_with_code', 'The student offer cannot be combined with another code.'),
  checkoutFailed: () => new DomainError('unavailable', 'stripe_checkout_error', 'Stripe could not start the checkout. Please try again.'),
  invalidSignature: () => new DomainError('invalid', 'invalid_signature', 'The Stripe-Signature header does not match this body.'),
  badRedirect: () => new DomainError('invalid', 'invalid_redirect_url', 'The return address must be a path on this site.'),
  notAdministrator: () => new DomainError('forbidden', 'not_administrator', 'Only an administrator of this server can do that.'),
  // Plan changes (seed 002 §2, §4 and §8), in the seed's order of concern.
  storeAndroid: () =>
    new DomainError('conflict', 'subscription_from_google_play', 'You subscribed through Google Play. Please use the Android app to change your plan.'),
  storeIos: () =>
    new DomainError('conflict', 'subscription_from_app_store', 'You subscribed through the App Store. Please use the iOS app to change your plan.'),
  carrierNoMax: () => new DomainError('conflict', 'carrier_billing_max_unsupported', 'Max subscriptions are not supported by carrier billing.'),
  planChangeUnsupported: () => new DomainError('conflict', 'plan_change_unsupported', 'Plan changes here are only for Pro and Max subscriptions paid by card.'),
  upgradeNotAvailable: () => new DomainError('conflict', 'upgrade_not_available', 'Only a Pro subscription can be upgraded to Max.'),
  downgradeNotAvailable: () => new DomainError('conflict', 'downgrade_not_available', 'Only a Max subscription can be moved to Pro.'),
  noScheduledChange: () => new DomainError('not_found', 'no_scheduled_change', 'There is no pending plan change to cancel.'),
  missingPaymentMethod: () => new DomainError('unprocessable', 'missing_payment_method', 'Please add a payment method to upgrade to Max.'),
  upgradePaymentFailed: () => new DomainError('unprocessable', 'stripe_upgrade_payment_error', 'Payment failed. Please update payment to continue.'),
  upgradeFailed: () => new DomainError('unavailable', 'stripe_upgrade_error', 'Something went wrong. Please continue to Stripe and complete your payment.'),
  downgradeFailed: () => new DomainError('unavailable', 'stripe_downgrade_error', 'Something went wrong. Your plan was not changed; please try again.'),
  billingAddressRequired: () => new DomainError('invalid', 'billing_address_required', 'An invoiced subscription needs a billing address.'),
  accountNotFound: () => new DomainError('not_found', 'account_not_found', 'No account has that address.'),
};
