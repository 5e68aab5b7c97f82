import { describe, expect, it } from 'vitest';
import { parsePartners, partnerByCode } from './partners.js';

const acme = {
  code: 'Acme',
  name: 'Acme Telecom',
  messages: { title: 'Pro on us', description: 'Acme customers get Pro free for a year.', enterCodeToContinue: 'Enter your Acme code to continue' },
  logoUrl: 'https://cdn.acme.example/logo.svg',
  includeLandingLogo: true,
  defaultPrice: 20,
  currencySymbol: '$',
  billingPeriod: 'month',
};

describe('PARTNERS_FILE', () => {
  it('reads partners with their defaults; codes are matched without regard to case', () => {
    const [p] = parsePartners(JSON.stringify([acme]));
    expect(p).toMatchObject({ code: 'acme', maskPromoCodeFromQueryParams: false, allowExistingSubscribersToRedeem: false });
    expect(partnerByCode([p], 'ACME')).toBe(p);
    expect(partnerByCode([p], 'other')).toBeNull();
  });

  it('names the first problem: not JSON, a missing message, an unknown field, a bad period, a repeated code, a logo over http', () => {
    expect(() => parsePartners('{')).toThrow('is not JSON');
    expect(() => parsePartners(JSON.stringify([{ ...acme, messages: { title: 'x', description: 'y' } }]))).toThrow(/0\.messages\.enterCodeToContinue/);
    expect(() => parsePartners(JSON.stringify([{ ...acme, secret: 1 }]))).toThrow(/0/);
    expect(() => parsePartners(JSON.stringify([{ ...acme, billingPeriod: 'week' }]))).toThrow(/0\.billingPeriod/);
    expect(() => parsePartners(JSON.stringify([acme, { ...acme, code: 'ACME' }]))).toThrow('partner code "acme" appears twice');
    expect(() => parsePartners(JSON.stringify([{ ...acme, logoUrl: 'http://cdn.acme.example/logo.svg' }]))).toThrow(/logoUrl/);
    expect(() => parsePartners(JSON.stringify([{ ...acme, code: '../x' }]))).toThrow(/code/);
  });
});
