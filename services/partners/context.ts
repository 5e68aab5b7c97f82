// What the partners' calls need besides the kernel: the operator's partners, the phone apps'
// store addresses, and the promotion codes of the payment provider (null with billing off).
import type { KernelContext } from '../shared/context.js';
import type { PromotionLookup } from './promotions.js';

export type PartnersContext = KernelContext & {
  /** The payment provider's promotion codes; null with billing off. The partners themselves are `config.partners`. */
  promotions: PromotionLookup | null;
};
