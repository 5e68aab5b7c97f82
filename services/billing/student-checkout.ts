// Which promotion code a checkout applies (issue 36): a code the person typed, or the student
// offer's code, which the server applies itself and only for a person whose student verification
// stands. Typing the student code is the same as asking for the offer, so knowing it is not enough.
import type { StudentOffer } from '../shared/student-config.js';
import { billingErrors } from './errors.js';

export type CodeRequest = { discountCode?: string | null; studentOffer?: boolean };

/** The typed code, trimmed, or null. */
const typedCode = (input: CodeRequest) => input.discountCode?.trim() || null;

/** Whether the checkout asks for the student offer (by the flag, or by typing its code; Stripe's codes ignore case). */
export function asksStudentOffer(input: CodeRequest, offer: StudentOffer | null): boolean {
  const typed = typedCode(input);
  return input.studentOffer === true || (!!offer && !!typed && typed.toLowerCase() === offer.promotion_code.toLowerCase());
}

/** The promotion code to look up at Stripe, or null; refuses a student checkout the person may not have. */
export function checkoutPromotionCode(input: CodeRequest, plan: string, offer: StudentOffer | null, standingStudent: boolean): string | null {
  const typed = typedCode(input);
  if (!asksStudentOffer(input, offer)) return typed;
  if (!offer) throw billingErrors.noStudentOffer();
  if (typed && typed.toLowerCase() !== offer.promotion_code.toLowerCase()) throw billingErrors.studentOfferWithCode();
  if (!standingStudent) throw billingErrors.studentVerificationRequired();
  if (plan !== offer.plan) throw billingErrors.studentOfferOtherPlan();
  return offer.promotion_code;
}
