// Stripe.js cannot load offline: browser tests answer https://js.stripe.com/... with this double
// (a Playwright route). It speaks the part of Stripe.js the app uses:
// - Checkout elements for a session with `ui_mode: elements` (initCheckoutElementsSdk): an express
//   checkout element whose wallets follow its `paymentMethods` option as Stripe's do (Apple Pay and
//   Google Pay unless 'never'; Link unless 'never'), a payment element with the methods of its
//   `paymentMethodOrder` (card and link) that shows billing fields unless they are hidden, and a
//   billing address element. They are plain page elements (Stripe's are iframes) marked
//   data-stripe-double-element, with their options in data attributes for tests to read. The
//   session is read and confirmed at https://api.stripe.com/js-double/..., which the route below
//   forwards to the Stripe fake (stripe-js-api.ts): confirming completes the session there and the
//   fake posts the signed webhooks, as a payment in Stripe's form does.
// - Payment intents (shopping orders): stripe.elements({ clientSecret }) with a payment element, and
//   confirmPayment, which posts the card number to the fake (payment-intents.ts): paid, or declined
//   for a card ending in 0002, with the signed webhook sent either way.
// - The older embedded checkout (createEmbeddedCheckoutPage): a "Pay" button that sends the browser
//   to the fake's pay page for the session.
import type { Page } from 'playwright-core';

/** Where the double sends Stripe.js's requests; the route forwards them to the fake's /js/. */
export const STRIPE_JS_API = 'https://api.stripe.com/js-double';

export function stripeJsDouble(fakeUrl: string) {
  return `(() => {
  const FAKE = ${JSON.stringify(fakeUrl)};
  const API = ${JSON.stringify(STRIPE_JS_API)};
  const WALLETS = [
    ['applePay', 'apple_pay', 'Apple Pay'],
    ['googlePay', 'google_pay', 'Google Pay'],
    ['link', 'link', 'Link'],
  ];
  const METHODS = { card: 'Card', link: 'Link' };

  async function post(path, fields) {
    const res = await fetch(API + path, { method: 'POST', body: new URLSearchParams(fields) });
    return { ok: res.ok, body: await res.json() };
  }
  function emitter() {
    const handlers = new Map();
    return {
      on(ev, h) { if (!handlers.has(ev)) handlers.set(ev, []); handlers.get(ev).push(h); },
      off(ev, h) { const list = handlers.get(ev) || []; const i = h ? list.indexOf(h) : -1; if (!h) handlers.delete(ev); else if (i >= 0) list.splice(i, 1); },
      emit(ev, e) { for (const h of (handlers.get(ev) || []).slice()) h(e); },
    };
  }
  function labelled(text, input) {
    const label = document.createElement('label');
    label.style.display = 'block';
    label.append(text + ' ', input);
    return label;
  }
  function textInput(name, placeholder) {
    const input = document.createElement('input');
    input.name = name;
    if (placeholder) input.placeholder = placeholder;
    return input;
  }
  /** An element: mount, update, destroy and events as Stripe's; render draws it into its root. */
  function element(kind, options, render, readyEvent) {
    const events = emitter();
    let root = null;
    let opts = Object.assign({}, options || {});
    const state = {};
    const draw = () => { root.replaceChildren(); render(root, opts, events, state); };
    const el = {
      on(ev, h) { events.on(ev, h); return el; },
      once(ev, h) { const once = (e) => { events.off(ev, once); h(e); }; events.on(ev, once); return el; },
      off(ev, h) { events.off(ev, h); return el; },
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.setAttribute('data-stripe-double-element', kind);
        draw();
        node.appendChild(root);
        setTimeout(() => events.emit('ready', readyEvent ? readyEvent(opts) : { elementType: kind }), 0);
      },
      update(o) { opts = Object.assign({}, opts, o || {}); if (root) draw(); },
      unmount() { root?.remove(); root = null; },
      destroy() { root?.remove(); root = null; },
      focus() {}, blur() {}, clear() {}, collapse() {},
      _state: state,
    };
    return el;
  }

  function shownWallets(opts) {
    const pm = opts.paymentMethods || {};
    return WALLETS.filter(([key]) => pm[key] !== 'never');
  }
  function expressCheckout(options, session) {
    return element('expressCheckout', options, (root, opts, events) => {
      root.setAttribute('data-layout', JSON.stringify(opts.layout || null));
      root.setAttribute('data-payment-methods', JSON.stringify(opts.paymentMethods || null));
      for (const [, type, name] of shownWallets(opts)) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = name;
        button.setAttribute('aria-label', 'Pay with ' + name);
        button.setAttribute('data-wallet', type);
        button.addEventListener('click', () => {
          events.emit('confirm', {
            elementType: 'expressCheckout',
            expressPaymentType: type,
            billingDetails: { name: 'Wallet Holder', email: session().email || undefined, address: { line1: '1 Wallet Way', line2: null, city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' } },
            paymentFailed: (p) => root?.setAttribute('data-payment-failed', (p && p.reason) || 'fail'),
          });
        });
        root.appendChild(button);
      }
    }, (opts) => ({
      elementType: 'expressCheckout',
      availablePaymentMethods: Object.fromEntries(WALLETS.map(([key]) => [key, shownWallets(opts).some(([k]) => k === key)])),
    }));
  }
  function billingFieldsHidden(opts) {
    const b = opts.fields && opts.fields.billingDetails;
    return b === 'never' || (b && typeof b === 'object' && b.address === 'never');
  }
  function paymentElement(options) {
    return element('payment', options, (root, opts, events, state) => {
      const methods = (opts.paymentMethodOrder || ['card']).filter((m) => METHODS[m]);
      root.setAttribute('data-payment-methods', methods.join(','));
      root.setAttribute('data-billing-fields', billingFieldsHidden(opts) ? 'hidden' : 'shown');
      state.selected = state.selected && methods.includes(state.selected) ? state.selected : methods[0];
      const tabs = document.createElement('div');
      tabs.setAttribute('role', 'tablist');
      tabs.setAttribute('aria-label', 'Payment method');
      const panel = document.createElement('div');
      const show = () => {
        for (const t of tabs.children) t.setAttribute('aria-selected', String(t.dataset.method === state.selected));
        panel.replaceChildren();
        if (state.selected === 'card') {
          state.card = textInput('cardnumber', '1234 1234 1234 1234');
          state.card.addEventListener('input', () => events.emit('change', { elementType: 'payment', empty: !state.card.value, complete: state.card.value.replace(/\\D/g, '').length >= 15, collapsed: false, value: { type: 'card' } }));
          panel.append(labelled('Card number', state.card), labelled('Expiration date', textInput('exp-date', 'MM / YY')), labelled('Security code', textInput('cvc', 'CVC')));
          if (!billingFieldsHidden(opts)) panel.append(labelled('Country', textInput('country')), labelled('ZIP', textInput('postal')));
        } else {
          panel.append(labelled('Email for Link', textInput('link-email')));
        }
      };
      for (const m of methods) {
        const tab = document.createElement('button');
        tab.type = 'button';
        tab.setAttribute('role', 'tab');
        tab.dataset.method = m;
        tab.textContent = METHODS[m];
        tab.addEventListener('click', () => { state.selected = m; show(); events.emit('change', { elementType: 'payment', empty: true, complete: m === 'link', collapsed: false, value: { type: m } }); });
        tabs.appendChild(tab);
      }
      root.append(tabs, panel);
      show();
    });
  }
  function billingAddressElement(options) {
    return element('address', options, (root, opts, events, state) => {
      root.setAttribute('data-mode', 'billing');
      state.fields = { name: textInput('name'), line1: textInput('address-line1'), city: textInput('city'), postal_code: textInput('postal-code'), country: textInput('country') };
      state.fields.country.value = 'US';
      const labels = { name: 'Full name', line1: 'Address line 1', city: 'City', postal_code: 'Postal code', country: 'Country or region' };
      for (const [key, input] of Object.entries(state.fields)) {
        input.addEventListener('input', () => events.emit('change', { elementType: 'address', empty: false, complete: !!(state.fields.name.value && state.fields.line1.value), isNewAddress: true, value: {} }));
        root.append(labelled(labels[key], input));
      }
    });
  }

  function initCheckoutElementsSdk(options) {
    const events = emitter();
    const mounted = {};
    let secret = null;
    let session = null;
    const sessionId = () => String(secret).split('_secret_')[0];
    const unsupported = (name) => () => { throw new Error(name + ' is not in the Stripe.js test double'); };
    const notHere = async () => ({ type: 'error', error: { message: 'not in the Stripe.js test double', code: null } });
    const sdk = {
      on(ev, h) { events.on(ev, h); },
      async loadActions() {
        secret = await options.clientSecret;
        const r = await post('/checkout/' + sessionId() + '/session', { client_secret: secret });
        if (!r.ok) return { type: 'error', error: { message: (r.body.error && r.body.error.message) || 'The session could not be loaded.', code: null } };
        session = r.body;
        const actions = {
          getSession: () => session,
          applyPromotionCode: notHere, removePromotionCode: notHere, updateShippingAddress: notHere, updateBillingAddress: notHere,
          updatePhoneNumber: notHere, updateEmail: notHere, updateIndividualName: notHere, updateBusinessName: notHere,
          updateLineItemQuantity: notHere, updateTaxIdInfo: notHere, updateShippingOption: notHere, addOptionalLineItem: notHere, removeOptionalLineItem: notHere,
          validateElements: async () => ({ type: 'success', session }),
          runServerUpdate: async (fn) => { await fn(); return { type: 'success', session }; },
          async confirm(args) {
            args = args || {};
            const express = args.expressCheckoutConfirmEvent;
            const method = express ? express.expressPaymentType : (mounted.payment ? mounted.payment._state.selected : 'card');
            const fields = { client_secret: secret, payment_method_type: method };
            if (!express && method === 'card') fields.card_number = (mounted.payment && mounted.payment._state.card && mounted.payment._state.card.value) || '';
            const address = mounted.billing && mounted.billing._state.fields;
            if (address) for (const [key, input] of Object.entries(address)) if (input.value) fields['billing_address[' + key + ']'] = input.value;
            const r = await post('/checkout/' + sessionId() + '/confirm', fields);
            if (!r.ok) return { type: 'error', error: { message: (r.body.error && r.body.error.message) || 'Something went wrong.', code: null } };
            if (r.body.type !== 'success') return { type: 'error', error: r.body.error };
            session = r.body.session;
            events.emit('change', session);
            if (args.redirect !== 'if_required') window.location.assign(args.returnUrl || r.body.return_url);
            return { type: 'success', session };
          },
        };
        return { type: 'success', actions };
      },
      changeAppearance() {}, loadFonts() {},
      createPaymentElement(o) { mounted.payment = paymentElement(o); return mounted.payment; },
      createBillingAddressElement(o) { mounted.billing = billingAddressElement(o); return mounted.billing; },
      createExpressCheckoutElement(o) { mounted.express = expressCheckout(o, () => session || {}); return mounted.express; },
      createShippingAddressElement: unsupported('createShippingAddressElement'),
      createCurrencySelectorElement: unsupported('createCurrencySelectorElement'),
      createTaxIdElement: unsupported('createTaxIdElement'),
      createContactDetailsElement: unsupported('createContactDetailsElement'),
      createTermsElement: unsupported('createTermsElement'),
      createLinkSignupElement: unsupported('createLinkSignupElement'),
      getPaymentElement: () => mounted.payment || null,
      getBillingAddressElement: () => mounted.billing || null,
      getExpressCheckoutElement: () => mounted.express || null,
      getShippingAddressElement: () => null, getCurrencySelectorElement: () => null, getContactDetailsElement: () => null,
      getTaxIdElement: () => null, getTermsElement: () => null, getLinkSignupElement: () => null,
    };
    return sdk;
  }

  // Payment intents (stripe.elements with a client secret, a payment element, confirmPayment):
  // confirming posts the card number to the fake, which pays or declines and sends the webhook.
  function paymentElements(options) {
    const mounted = {};
    return {
      _secret: options && options.clientSecret,
      _mounted: mounted,
      create(kind, o) {
        if (kind !== 'payment') throw new Error(kind + ' element is not in the Stripe.js test double');
        mounted.payment = paymentElement(o);
        return mounted.payment;
      },
      getElement(kind) { return kind === 'payment' ? mounted.payment || null : null; },
      update() {}, fetchUpdates: async () => ({}), submit: async () => ({}),
    };
  }
  async function confirmPayment(args) {
    const els = args.elements;
    const secret = args.clientSecret || els._secret;
    const id = String(secret).split('_secret_')[0];
    const payment = els._mounted.payment;
    const method = payment ? payment._state.selected : 'card';
    const fields = { client_secret: secret, payment_method_type: method };
    if (method === 'card') fields.card_number = (payment && payment._state.card && payment._state.card.value) || '';
    const r = await post('/payment_intents/' + id + '/confirm', fields);
    if (!r.ok) return { error: { type: 'api_error', message: (r.body.error && r.body.error.message) || 'Something went wrong.' } };
    if (r.body.error) return { error: r.body.error };
    if (args.redirect !== 'if_required') window.location.assign(args.confirmParams.return_url);
    return { paymentIntent: r.body.paymentIntent };
  }

  function Stripe(key) {
    if (!key) throw new Error('Stripe.js: a publishable key is required');
    const noop = () => { throw new Error('not in the Stripe.js test double'); };
    return {
      elements: paymentElements, confirmPayment, createToken: noop, createPaymentMethod: noop, confirmCardPayment: noop,
      _registerWrapper: () => {},
      registerAppInfo: () => {},
      initCheckoutElementsSdk,
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
  // The release train @stripe/stripe-js expects (it warns on another).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

/**
 * Serves the double for Stripe.js on this page (or refuses it, to show a failed load), and forwards
 * the double's requests to api.stripe.com/js-double to the fake, answered with CORS as Stripe's API does.
 */
export async function routeStripeJs(page: Page, fakeUrl: string, opts: { fail?: boolean } = {}) {
  await page.route('https://js.stripe.com/**', (route) =>
    opts.fail ? route.abort('internetdisconnected') : route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJsDouble(fakeUrl) }),
  );
  await page.route(`${STRIPE_JS_API}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/js-double\//, '/js/');
    const res = await fetch(`${fakeUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: route.request().postData() ?? '',
    });
    await route.fulfill({ status: res.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await res.text() });
  });
}
