// Stripe.js cannot load offline: browser tests answer https://js.stripe.com/... with this double
// (a Playwright route). Its embedded checkout shows a "Pay" button that sends the browser to the
// Stripe fake's pay page for the session, which completes it and returns to the return_url, as
// Stripe's form does after a payment.
import type { Page } from 'playwright-core';

export function stripeJsDouble(fakeUrl: string) {
  return `(() => {
  const FAKE = ${JSON.stringify(fakeUrl)};
  function Stripe(key) {
    if (!key) throw new Error('Stripe.js: a publishable key is required');
    const noop = () => { throw new Error('not in the Stripe.js test double'); };
    return {
      elements: noop, createToken: noop, createPaymentMethod: noop, confirmCardPayment: noop,
      _registerWrapper: () => {},
      createEmbeddedCheckoutPage: async (options) => {
        const secret = options.clientSecret || (options.fetchClientSecret && await options.fetchClientSecret());
        const session = String(secret).split('_secret_')[0];
        let root = null;
        return {
          mount(el) {
            const node = typeof el === 'string' ? document.querySelector(el) : el;
            root = document.createElement('div');
            root.setAttribute('data-stripe-double', session);
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Pay';
            button.addEventListener('click', () => { window.location.assign(FAKE + '/pay/' + session); });
            root.appendChild(button);
            node.appendChild(root);
          },
          unmount() { root?.remove(); },
          destroy() { root?.remove(); },
        };
      },
    };
  }
  window.Stripe = Stripe;
})();`;
}

/** Serves the double for Stripe.js on this page (or refuses it, to show a failed load). */
export async function routeStripeJs(page: Page, fakeUrl: string, opts: { fail?: boolean } = {}) {
  await page.route('https://js.stripe.com/**', (route) =>
    opts.fail ? route.abort('internetdisconnected') : route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJsDouble(fakeUrl) }),
  );
}
