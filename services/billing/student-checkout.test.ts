// The student offer at checkout (issue 36): its promotion code is applied only for a person whose
// student verification stands, whether asked by the flag or by typing the code in any case.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { refusalCodeOf as codeOf } from '../../tests/support/decider.js';
import type { StudentOffer } from '../shared/student-config.js';
import { checkoutPromotionCode } from './student-checkout.js';

const offer: StudentOffer = { plan: 'pro', promotion_code: 'STUDENT50', description: 'Half off Pro' };

describe('checkoutPromotionCode', () => {
  test('a verified student asking for the offer gets its code; a typed code is passed on as it is', () => {
    expect(checkoutPromotionCode({ studentOffer: true }, 'pro', offer, true)).toBe('STUDENT50');
    expect(checkoutPromotionCode({ discountCode: ' student50 ' }, 'pro', offer, true)).toBe('STUDENT50');
    expect(checkoutPromotionCode({ discountCode: ' HALFOFF ' }, 'pro', offer, false)).toBe('HALFOFF');
    expect(checkoutPromotionCode({ discountCode: '  ' }, 'pro', null, false)).toBeNull();
  });

  test('each refusal has its stable code', () => {
    expect(codeOf(() => checkoutPromotionCode({ studentOffer: true }, 'pro', offer, false))).toBe('student_verification_required');
    expect(codeOf(() => checkoutPromotionCode({ discountCode: 'Student50' }, 'pro', offer, false))).toBe('student_verification_required');
    expect(codeOf(() => checkoutPromotionCode({ studentOffer: true }, 'pro', null, true))).toBe('no_student_offer');
    expect(codeOf(() => checkoutPromotionCode({ studentOffer: true }, 'max', offer, true))).toBe('student_offer_other_plan');
    expect(codeOf(() => checkoutPromotionCode({ studentOffer: true, discountCode: 'HALFOFF' }, 'pro', offer, true))).toBe('student_offer_with_code');
  });

  test('property: whatever is asked, the offer code comes back only for a standing student on its plan', () => {
    fc.assert(
      fc.property(
        fc.record({
          studentOffer: fc.option(fc.boolean(), { nil: undefined }),
          discountCode: fc.option(fc.constantFrom('STUDENT50', 'student50', 'HALFOFF', ''), { nil: null }),
        }),
        fc.constantFrom('pro', 'max'),
        fc.boolean(),
        (input, plan, standing) => {
          let applied: string | null = null;
          try {
            applied = checkoutPromotionCode(input, plan, offer, standing);
          } catch {
            return;
          }
          if (applied === offer.promotion_code) expect(standing && plan === offer.plan).toBe(true);
        },
      ),
    );
  });
});
