// The shopping onboarding's texts (the seeds name the modal but show none of its words) and the
// device setting that says it was shown.
export const SHOPPING_ONBOARDING_TEXT = {
  title: 'Shopping in your answers',
  cards: 'When you ask about buying something, products from the merchants this server is connected to show under the answer.',
  merchantsAre: (names: string[]) => `Connected now: ${names.join(', ')}.`,
  noMerchant: 'No merchant is set up on this server, so answers show no products. The operator connects merchants with their product feeds.',
  pay: 'Open a product to see its options, then buy it here: tax and shipping are shown before you pay by card.',
  noPayments: 'Paying here is not set up on this server: open a product and buy it on the merchant’s site.',
  tryOn: 'Try clothes on an avatar made from your selfie. Only you see it.',
  noTryOn: 'Try-on is not available on this server.',
  purchasesBefore: 'Your orders are in ',
  purchasesLink: 'Purchases',
  purchasesAfter: ', where you can cancel one and get a refund.',
  createAvatar: 'Create your avatar',
  done: 'Got it',
  /** The Products heading's button that opens it again. */
  howItWorks: 'How shopping works',
} as const;

/** impressionCounters key (settings v1): when the onboarding was first shown on this device. */
export const SHOPPING_ONBOARDING_SHOWN = 'shopping-onboarding-shown';
