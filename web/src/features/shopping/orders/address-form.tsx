// The shipping address form of the payment modal: what an order is sent to (country as a
// two-letter code, as Stripe takes it).
import type { ShippingAddress } from '../../../../../generated/react-query/model';

export const EMPTY_ADDRESS: ShippingAddress = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: '' };

const FIELDS: { key: keyof ShippingAddress; label: string; required: boolean; autoComplete: string }[] = [
  { key: 'name', label: 'Full name', required: true, autoComplete: 'shipping name' },
  { key: 'line1', label: 'Address line 1', required: true, autoComplete: 'shipping address-line1' },
  { key: 'line2', label: 'Address line 2', required: false, autoComplete: 'shipping address-line2' },
  { key: 'city', label: 'City', required: true, autoComplete: 'shipping address-level2' },
  { key: 'state', label: 'State or region', required: false, autoComplete: 'shipping address-level1' },
  { key: 'postal_code', label: 'Postal code', required: true, autoComplete: 'shipping postal-code' },
  { key: 'country', label: 'Country code (e.g. US)', required: true, autoComplete: 'shipping country' },
];

/** The address as the calls take it: trimmed, the country upper case, empty optional fields left out. */
export function cleanAddress(a: ShippingAddress): ShippingAddress {
  const out: ShippingAddress = {
    name: a.name.trim(),
    line1: a.line1.trim(),
    city: a.city.trim(),
    postal_code: a.postal_code.trim(),
    country: a.country.trim().toUpperCase(),
  };
  if (a.line2?.trim()) out.line2 = a.line2.trim();
  if (a.state?.trim()) out.state = a.state.trim();
  return out;
}

export const addressComplete = (a: ShippingAddress) => {
  const c = cleanAddress(a);
  return !!(c.name && c.line1 && c.city && c.postal_code && /^[A-Z]{2}$/.test(c.country));
};

export function AddressForm({ value, onChange, disabled }: { value: ShippingAddress; onChange: (a: ShippingAddress) => void; disabled?: boolean }) {
  return (
    <fieldset className="grid grid-cols-2 gap-3" disabled={disabled}>
      <legend className="label col-span-2">Shipping address</legend>
      {FIELDS.map((f) => (
        <label key={f.key} className={f.key === 'name' || f.key === 'line1' || f.key === 'line2' ? 'col-span-2' : ''}>
          <span className="label">{f.label}</span>
          <input
            className="field"
            name={f.key}
            required={f.required}
            autoComplete={f.autoComplete}
            maxLength={f.key === 'country' ? 2 : 200}
            value={(value[f.key] as string | null | undefined) ?? ''}
            onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}
