// What the checkout records when it goes wrong (seed 002 §8 Other): a failed payment or express
// payment as 'pro checkout error' with its code (or 'unknown'), and a session answered without a
// url or a client secret as a session error. Recording is best effort: a failure is only logged.
import { recordCometEvent } from '../../../../generated/react-query/attribution/attribution';

export const PRO_CHECKOUT_ERROR = 'pro_checkout_error';
export const CHECKOUT_SESSION_ERROR = 'checkout_session_error';

export async function recordCheckoutEvent(event: typeof PRO_CHECKOUT_ERROR | typeof CHECKOUT_SESSION_ERROR, code?: string | null): Promise<void> {
  try {
    await recordCometEvent(event, { properties: { code: (code || 'unknown').slice(0, 200) } });
  } catch (error) {
    console.warn('checkout event not recorded', error);
  }
}
