import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type CouponDiscount,
  couponText,
  discountText,
  formatMoney,
  isHalfOff,
  minorUnitFactor,
  shownTier,
  trialMonths,
  trialText,
  yearlySaving,
} from './pricing';

describe('money from minor units', () => {
  test('the factor depends on the currency', () => {
    expect(minorUnitFactor('usd')).toBe(100);
    expect(minorUnitFactor('JPY')).toBe(1);
    expect(minorUnitFactor('kwd')).toBe(1000);
    expect(formatMoney(2000, 'usd', 'en-US')).toBe('$20.00');
    expect(formatMoney(2000, 'jpy', 'en-US')).toBe('¥2,000');
  });
  test('unknown interval is shown as monthly', () => {
    expect(shownTier('unknown')).toBe('monthly');
    expect(shownTier('yearly')).toBe('yearly');
  });
});

describe('yearly saving', () => {
  test('12 × monthly − yearly, only while yearly is not selected; half the yearly price for a HALF_OFF cohort', () => {
    expect(yearlySaving({ monthlyMinor: 2000, yearlyMinor: 20000, selected: 'monthly' })).toBe(4000);
    expect(yearlySaving({ monthlyMinor: 2000, yearlyMinor: 20000, selected: 'yearly' })).toBeNull();
    expect(yearlySaving({ monthlyMinor: 2000, yearlyMinor: 20000, selected: 'unknown', halfOffCohort: true })).toBe(10000);
    expect(yearlySaving({ monthlyMinor: 1000, yearlyMinor: 12000, selected: 'monthly' })).toBeNull();
  });
  test('never shown while yearly is selected, whatever the prices', () => {
    fc.assert(
      fc.property(
        fc.nat(1e7),
        fc.nat(1e8),
        fc.boolean(),
        (m, y, half) => yearlySaving({ monthlyMinor: m, yearlyMinor: y, selected: 'yearly', halfOffCohort: half }) === null,
      ),
    );
  });
});

describe('trial and discount texts', () => {
  test('28 days or more shows free months = days / 30.44 rounded', () => {
    expect(trialMonths(27)).toBeNull();
    expect(trialMonths(28)).toBe(1);
    expect(trialMonths(30)).toBe(1);
    expect(trialMonths(60)).toBe(2);
    expect(trialMonths(91)).toBe(3);
    expect(trialMonths(null)).toBeNull();
  });
  test('the seed texts', () => {
    expect(discountText('$10.00', { type: 'repeating', durationInMonths: 3 })).toBe('$10.00 off for 3 months');
    expect(discountText('$5.00', { type: 'forever' })).toBe('$5.00 off forever');
  });
});

describe('the discount and trial texts shown in checkout', () => {
  const d = (x: Partial<CouponDiscount>): CouponDiscount => ({
    percent_off: null,
    amount_off: null,
    currency: null,
    duration: 'once',
    duration_in_months: null,
    ...x,
  });
  test("repeating and forever coupons in the seed's words", () => {
    expect(couponText(d({ percent_off: 20, duration: 'repeating', duration_in_months: 3 }), 'usd')).toBe('20% off for 3 months');
    expect(couponText(d({ amount_off: 500, currency: 'usd', duration: 'forever' }), 'usd')).toBe('$5.00 off forever');
  });
  test('half off one payment is the HALF_OFF cohort', () => {
    expect(isHalfOff(d({ percent_off: 50 }))).toBe(true);
    expect(couponText(d({ percent_off: 50 }), 'usd')).toBe('50% off one payment');
    expect(isHalfOff(d({ percent_off: 50, duration: 'forever' }))).toBe(false);
  });
  test('a trial of 28 days or more is free months', () => {
    expect(trialText(27)).toBeNull();
    expect(trialText(30)).toBe('1 month free');
    expect(trialText(61)).toBe('2 months free');
  });
});
