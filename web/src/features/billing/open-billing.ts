// Where a manage or payment-fix button goes: the Stripe billing portal in the person's locale,
// or the store's page for a store subscription. A portal that cannot be opened is logged and
// said plainly (seed: logged and recorded as unsuccessful).
import { getCustomerPortal } from '../../../../generated/react-query/billing/billing';
import { getMobileApp } from '../../../../generated/react-query/partners/partners';
import type { GetMobileApp200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';

export async function openBillingPortal(): Promise<boolean> {
  try {
    const res = await getCustomerPortal({ locale: navigator.language });
    window.location.assign((res.data as { url: string }).url);
    return true;
  } catch (err) {
    console.warn('billing portal open failed', err);
    toast.error(problemMessage(err), { duration: TOAST_DURATION.long });
    return false;
  }
}

export async function openStorePage(store: 'ios' | 'android'): Promise<boolean> {
  try {
    const res = await getMobileApp();
    const urls = res.data as GetMobileApp200;
    const url = store === 'ios' ? urls.ios_url : urls.android_url;
    if (!url) throw new Error(`no ${store} store address is configured`);
    window.open(url, '_blank', 'noopener');
    return true;
  } catch (err) {
    console.warn('store page open failed', err);
    toast.error(`Manage this subscription in the ${store === 'ios' ? 'App Store' : 'Google Play'} app.`, { duration: TOAST_DURATION.long });
    return false;
  }
}
