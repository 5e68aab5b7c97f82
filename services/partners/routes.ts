// Partner landing pages, the promo code check and the phone apps over HTTP. All of it is open to
// visitors: a landing page is where people arrive before they have an account.
import type { DomainRoutes } from '../http/handler.js';
import type { PartnersContext } from './context.js';
import { partnerErrors } from './errors.js';
import { partnerByCode } from '../shared/partners.js';
import { checkDiscountCode } from './use-cases.js';
import { partnerView } from './views.js';

export const partnerRoutes = {
  async getPartner({ path }, ctx) {
    const partner = partnerByCode(ctx.config.partners, path.partner_code);
    if (!partner) throw partnerErrors.partnerNotFound();
    return { status: 200, body: partnerView(partner) };
  },

  async checkPartnerDiscountCode({ actor, body }, ctx) {
    const error = await checkDiscountCode(ctx, actor, body);
    return { status: 200, body: { status: error ? 'invalid' : 'valid', error_code: error } };
  },

  async getMobileApp(_input, ctx) {
    const { iosUrl, androidUrl, iosRating, androidRating } = ctx.config.mobileApp;
    return { status: 200, body: { ios_url: iosUrl, android_url: androidUrl, ios_rating: iosRating, android_rating: androidRating } };
  },
} satisfies DomainRoutes<PartnersContext>;
