// The seed's texts for a promo code check (seed 002 §8, "Promo and partner codes"), by the error
// code the server answers; any other code shows the default.
export const PROMO_ERROR_TEXT: Record<string, string> = {
  PROMO_CODE_CUSTOMER_NOT_FIRST_TIME: 'This code is only valid for first-time customers',
  EXPIRED: 'This code has expired',
  ALREADY_REDEEMED: 'This code has already been redeemed',
  INVALID_PRODUCT: 'Please enter your code on Enterprise flow instead',
  INVALID_COUNTRY: 'This coupon is not eligible in your region',
};
export const PROMO_DEFAULT_TEXT = 'Invalid promo code. Please try copying and pasting the code, and check for any typos.';

export const promoErrorText = (code: string | null | undefined) => (code && PROMO_ERROR_TEXT[code]) || PROMO_DEFAULT_TEXT;

/** The seed's already-subscribed message (its exact wording is not shown): said in the seed's terms. */
export const ALREADY_SUBSCRIBED_TEXT = 'You have subscribed before. This promotion is only for first-time subscribers.';

/** Seed 002 §9: "Promo applied screen: 2 s." */
export const PROMO_APPLIED_MS = 2_000;
export const PROMO_APPLIED_TEXT = 'Promo Code Applied';
