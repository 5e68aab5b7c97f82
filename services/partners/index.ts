// The partners domain: partner landing pages, promo code checks, the phone apps' stores.
export type { PartnersContext } from './context.js';
export { parsePartners, type Partner } from '../shared/partners.js';
export type { PromotionLookup } from './promotions.js';
export { partnerRoutes } from './routes.js';
