// What the upsell clicks read of the person's plan: the plan billing resolved for the session
// (subscription_plan is the subscription's plan while it is active or trialing, else free).
import type { SessionUser } from '../../../../generated/react-query/model';

export function isMaxUser(user: SessionUser | null): boolean {
  return user?.subscription_plan === 'max';
}

/** The pricing page (seed 002 §2 /max/payment). */
export const PRICING_PATH = '/max/payment';
