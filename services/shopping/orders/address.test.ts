import fc from 'fast-check';
import { expect, test } from 'vitest';
import { normalAddress } from './address.js';

const ADDRESS = { name: 'Ada', line1: '1 Main St', city: 'London', postal_code: 'N1 9GU', country: 'gb' };

test('an address is trimmed, its optional fields null, its country upper case', () => {
  expect(normalAddress({ ...ADDRESS, name: ' Ada ', line2: '  ' })).toEqual({ ...ADDRESS, country: 'GB', line2: null, state: null, phone: null });
});

test('a required field of spaces only is refused: nothing can be shipped there', () => {
  fc.assert(
    fc.property(fc.constantFrom('name', 'line1', 'city', 'postal_code'), fc.stringMatching(/^[ \t]{1,5}$/), (field, blank) => {
      expect(() => normalAddress({ ...ADDRESS, [field]: blank })).toThrow(expect.objectContaining({ code: 'shipping_address_incomplete' }));
    }),
  );
});

test('a country that is not two Latin letters is refused, even one whose upper case is two letters longer', () => {
  for (const country of ['ßa', 'ŉx', 'U1', 'Ü.', 'u'])
    expect(() => normalAddress({ ...ADDRESS, country })).toThrow(expect.objectContaining({ code: 'shipping_country_invalid' }));
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z]{2}$/), (country) => {
      expect(normalAddress({ ...ADDRESS, country }).country).toBe(country.toUpperCase());
    }),
  );
});
