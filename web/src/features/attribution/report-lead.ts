// The Dub lead of a sign-up (seed 002 §7 Attribution): when the visitor came through a Dub link
// (Dub's script keeps the click in the `dub_id` cookie), the new account is reported as a 'Sign Up'
// lead. The answer is a success boolean; a failure is logged and treated as false, as the seed says.
import { reportDubLead } from '../../../../generated/react-query/attribution/attribution';
import type { AttributionResult } from '../../../../generated/react-query/model';

export const SIGN_UP_LEAD = 'Sign Up';
const CLICK_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Dub's click id from the `dub_id` cookie, or null. */
export function dubClickId(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== 'dub_id') continue;
    const id = decodeURIComponent(value.join('='));
    return CLICK_ID.test(id) ? id : null;
  }
  return null;
}

/** Reports the lead when there is a click to attribute it to; whether Dub accepted it. */
export async function reportSignUpLead(userId: string | undefined, cookies = document.cookie): Promise<boolean> {
  const clickId = dubClickId(cookies);
  if (!userId || !clickId) return false;
  try {
    const res = await reportDubLead({ event_name: SIGN_UP_LEAD, is_deferred: false, click_id: clickId, nextauth_user_id: userId });
    return (res.data as AttributionResult).success;
  } catch (error) {
    console.error('Dub lead failed', error);
    return false;
  }
}
