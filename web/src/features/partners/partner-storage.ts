// Seed 002 §4: "Partner banner and discount code are kept in local storage. Codes named redeem
// are not stored." The checkout reads them back to show the partner and prefill the code.
const BANNER_KEY = 'partner-banner';
const CODE_KEY = 'partner-discount-code';

const storable = (code: string) => code.trim() !== '' && code.trim().toLowerCase() !== 'redeem';

export function rememberPartner(partnerCode: string, discountCode: string | null, storage: Storage = localStorage) {
  try {
    if (storable(partnerCode)) storage.setItem(BANNER_KEY, partnerCode);
    if (discountCode !== null && storable(discountCode)) storage.setItem(CODE_KEY, discountCode.trim());
  } catch {
    // Storage full or blocked (private mode): the flow works without it.
  }
}

export function rememberedPartner(storage: Storage = localStorage): { partnerCode: string | null; discountCode: string | null } {
  try {
    return { partnerCode: storage.getItem(BANNER_KEY), discountCode: storage.getItem(CODE_KEY) };
  } catch {
    return { partnerCode: null, discountCode: null };
  }
}
