// A shipping address as the calls carry it (spec ShippingAddress).
import { orderErrors } from './errors.js';
export type ShippingAddress = {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postal_code: string;
  country: string;
  phone?: string | null;
};

/**
 * The address with its optional fields as null, the one shape kept in events and rows. Blank
 * required fields (spaces only pass the schema's length) are refused: nothing can be shipped there.
 */
export function normalAddress(a: ShippingAddress): Required<ShippingAddress> {
  const address = {
    name: a.name.trim(),
    line1: a.line1.trim(),
    line2: a.line2?.trim() || null,
    city: a.city.trim(),
    state: a.state?.trim() || null,
    postal_code: a.postal_code.trim(),
    country: a.country.toUpperCase(),
    phone: a.phone?.trim() || null,
  };
  if (!address.name || !address.line1 || !address.city || !address.postal_code) throw orderErrors.addressIncomplete();
  // The schema's pattern refuses it at the edge; kept here so no other caller stores "SS" for "ß".
  if (!/^[A-Z]{2}$/.test(address.country)) throw orderErrors.countryInvalid();
  return address;
}
