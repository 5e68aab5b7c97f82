// Partners in the mock API: one demo partner, `acme`, read by the server's own parser, and a few
// promo codes judged by the server's own rule (services/partners/promo-check.ts), so each of the
// seed's refusals can be seen in the UI: WELCOME is good, OLDCODE expired, USEDUP redeemed,
// FIRSTTIME for first-time customers only (the signed-in mock user has subscribed before),
// ENTERPRISE for another product, JAPANONLY for another region.
import type Stripe from 'stripe';
import { getCheckPartnerDiscountCodeMockHandler, getGetMobileAppMockHandler, getGetPartnerMockHandler } from '../generated/msw/partners/partners.msw';
import type { CheckPartnerDiscountCodeBody } from '../generated/react-query/model';
import { judgePromotion } from '../services/partners/promo-check';
import { partnerView } from '../services/partners/views';
import { parsePartners, partnerByCode } from '../services/shared/partners';
import { partnerErrors } from '../services/partners/errors';
import { refuse } from './problem';

const PARTNERS = parsePartners(
  JSON.stringify([
    {
      code: 'acme',
      name: 'Acme Mobile',
      messages: {
        title: 'Pro, on Acme',
        description: 'Acme customers get their first months of Pro free.',
        enterCodeToContinue: 'Enter your Acme code to continue',
      },
      logoUrl: '/favicon.svg',
      includeLandingLogo: true,
      defaultPrice: 20,
      currencySymbol: '$',
      billingPeriod: 'month',
      maskPromoCodeFromQueryParams: true,
    },
  ]),
);

const SECONDS = Date.now() / 1000;
function code(name: string, over: { promo?: Partial<Stripe.PromotionCode>; coupon?: Partial<Stripe.Coupon>; firstTime?: boolean } = {}): Stripe.PromotionCode {
  const coupon = { id: `co_${name}`, object: 'coupon', valid: true, redeem_by: null, max_redemptions: null, times_redeemed: 0, metadata: {}, ...over.coupon };
  return {
    id: `promo_${name}`,
    object: 'promotion_code',
    active: true,
    code: name,
    created: SECONDS,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { type: 'coupon', coupon: coupon as Stripe.Coupon },
    restrictions: { first_time_transaction: over.firstTime ?? false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
    ...over.promo,
  };
}
const CODES = [
  code('WELCOME'),
  code('OLDCODE', { promo: { expires_at: SECONDS - 86_400 } }),
  code('USEDUP', { promo: { max_redemptions: 1, times_redeemed: 1 } }),
  code('FIRSTTIME', { firstTime: true }),
  code('ENTERPRISE', { coupon: { applies_to: { products: ['prod_enterprise'] } } }),
  code('JAPANONLY', { coupon: { metadata: { countries: 'JP' } } }),
];

export function partnerHandlers(opts: { signedIn: () => boolean }) {
  return [
    getGetPartnerMockHandler(({ params }) => {
      const partner = partnerByCode(PARTNERS, String(params.partnerCode));
      return partner ? partnerView(partner) : refuse(partnerErrors.partnerNotFound());
    }),
    getCheckPartnerDiscountCodeMockHandler(async ({ request }) => {
      const body = (await request.json()) as CheckPartnerDiscountCodeBody;
      if (body.partnerCode && !partnerByCode(PARTNERS, body.partnerCode)) refuse(partnerErrors.partnerNotFound());
      const promo = CODES.find((c) => c.code.toLowerCase() === body.discountCode.trim().toLowerCase()) ?? null;
      const customer = { hasSubscribedBefore: opts.signedIn(), redeemedThisCode: false, country: 'US' };
      const error = judgePromotion(promo, { now: new Date(), customer, subscriptionProducts: ['prod_pro', 'prod_max'] });
      return { status: error ? 'invalid' : 'valid', error_code: error };
    }),
    getGetMobileAppMockHandler({ ios_url: 'https://apps.apple.com/app/id000000', android_url: 'https://play.google.com/store/apps/details?id=example' }),
  ];
}
