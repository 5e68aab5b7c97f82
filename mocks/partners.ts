// Partners in the mock API: one demo partner, `acme`, read by the server's own parser, and a few
// promo codes judged by the server's own rule (services/partners/promo-check.ts), so each of the
// seed's refusals can be seen in the UI: WELCOME is good, OLDCODE expired, USEDUP redeemed,
// FIRSTTIME for first-time customers only (the signed-in mock user has subscribed before),
// ENTERPRISE for another product, JAPANONLY for another region.
import { getCheckPartnerDiscountCodeMockHandler, getGetMobileAppMockHandler, getGetPartnerMockHandler } from '../generated/msw/partners/partners.msw';
import type { CheckPartnerDiscountCodeBody } from '../generated/react-query/model';
import { judgePromotion, partnerErrors, partnerView, type PromotionFacts } from '../services/partners/pure';
import { parsePartners, partnerByCode } from '../services/shared/partners';
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
function code(name: string, over: { promo?: Partial<PromotionFacts>; coupon?: Partial<PromotionFacts['coupon']> } = {}) {
  const facts: PromotionFacts = {
    id: `promo_${name}`,
    active: true,
    expires_at: null,
    max_redemptions: null,
    times_redeemed: 0,
    first_time_transaction: false,
    ...over.promo,
    coupon: { valid: true, redeem_by: null, max_redemptions: null, times_redeemed: 0, product_ids: [], countries: [], ...over.coupon },
  };
  return { code: name, facts };
}
const CODES = [
  code('WELCOME'),
  code('OLDCODE', { promo: { expires_at: SECONDS - 86_400 } }),
  code('USEDUP', { promo: { max_redemptions: 1, times_redeemed: 1 } }),
  code('FIRSTTIME', { promo: { first_time_transaction: true } }),
  code('ENTERPRISE', { coupon: { product_ids: ['prod_enterprise'] } }),
  code('JAPANONLY', { coupon: { countries: ['JP'] } }),
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
      const promo = CODES.find((c) => c.code.toLowerCase() === body.discountCode.trim().toLowerCase())?.facts ?? null;
      const customer = { hasSubscribedBefore: opts.signedIn(), redeemedThisCode: false, country: 'US' };
      const error = judgePromotion(promo, { now: new Date(), customer, subscriptionProducts: ['prod_pro', 'prod_max'] });
      return { status: error ? 'invalid' : 'valid', error_code: error };
    }),
    // As an operator who set both stores' addresses and copied their ratings (APP_STORE_RATING, ...).
    getGetMobileAppMockHandler({
      ios_url: 'https://apps.apple.com/app/id000000',
      android_url: 'https://play.google.com/store/apps/details?id=example',
      ios_rating: { stars: 4.9, reviews: 80_000 },
      android_rating: { stars: 4.8, reviews: 252_000 },
    }),
  ];
}
