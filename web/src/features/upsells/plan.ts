// What the upsell clicks read of the person's plan, in one place so billing can re-point it:
// today the session user carries `subscription_status` only, so nobody is Max yet.
import type { SessionUser } from '../../../../generated/react-query/model';

export function isMaxUser(user: SessionUser | null): boolean {
  return (user as (SessionUser & { plan?: string }) | null)?.plan === 'max';
}

/** The pricing page the billing feature builds (seed 002 §2 /max/payment). */
export const PRICING_PATH = '/max/payment';
