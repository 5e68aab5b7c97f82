// A partner as the landing page reads it: every field, the logo null when none is set.
import type { Partner } from '../shared/partners.js';

export const partnerView = (p: Partner) => ({
  code: p.code,
  name: p.name,
  messages: p.messages,
  logoUrl: p.logoUrl ?? null,
  includeLandingLogo: p.includeLandingLogo,
  defaultPrice: p.defaultPrice,
  currencySymbol: p.currencySymbol,
  billingPeriod: p.billingPeriod,
  maskPromoCodeFromQueryParams: p.maskPromoCodeFromQueryParams,
  allowExistingSubscribersToRedeem: p.allowExistingSubscribersToRedeem,
});
