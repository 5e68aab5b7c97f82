// A stateful Stripe on 127.0.0.1 for tests: the slice of Stripe's API the app uses (customers,
// products and prices, checkout sessions, subscriptions and their price changes, invoices and
// invoice previews, subscription schedules, payment methods, coupons and promotion codes, billing
// portal sessions, payment intents, refunds and tax calculations), reached only through the SDK's host setting, and webhooks signed as
// Stripe signs them. It keeps idempotency keys as Stripe does: the same key with the same request
// answers the first answer again (no second charge); with another request it is refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback } from '../listen.js';
import { catalogRoutes, createCoupon, createPrice, createPromotionCode } from './catalog.js';
import { checkoutRoutes, completeCheckout } from './checkout.js';
import { readParams, send, StripeFakeError, type Params } from './http.js';
import { confirmPaymentIntent, paymentIntentRoutes, paymentStore, type PaymentStore } from './payment-intents.js';
import { scheduleRoutes } from './schedules.js';
import { quantityUpdates, type QuantityUpdate } from './seats.js';
import { stripeJsApi } from './stripe-js-api.js';
import { createState, type FakeState } from './state.js';
import { subscriptionLifecycle, subscriptionRoutes } from './subscriptions.js';
import { createWebhooks, type Webhooks } from './webhooks.js';

export const FAKE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

/** A route's handler: the form parameters, the path's id, and the request's idempotency key (or null). */
type Route = (params: Params, id: string, idempotencyKey: string | null) => unknown;

export type StripeFake = {
  url: string;
  state: FakeState;
  webhooks: Webhooks;
  /** The person paid for this checkout session. */
  completeCheckout: (sessionId: string, opts?: { last4?: string }) => ReturnType<typeof completeCheckout>;
  lifecycle: ReturnType<typeof subscriptionLifecycle>;
  seedPrice: (p: Parameters<typeof createPrice>[1]) => ReturnType<typeof createPrice>;
  seedCoupon: (c: Parameters<typeof createCoupon>[1]) => ReturnType<typeof createCoupon>;
  seedPromotionCode: (p: Parameters<typeof createPromotionCode>[1]) => ReturnType<typeof createPromotionCode>;
  /** The built-in plans' Pro and Max prices (services/shared/plan-catalogue.ts), as an operator creates them in Stripe. */
  seedPlanPrices: () => void;
  /** Holds every read of a subscription until the returned function is called (a crash test kills the app meanwhile). */
  holdSubscriptionReads: () => () => void;
  /**
   * Requests of this method to a path starting with `pathPrefix` are carried out (and their idempotency
   * key kept) but their answers held until the returned function is called: the app dies waiting (a crash test).
   */
  holdResponses: (method: string, pathPrefix: string) => () => void;
  /** The next request of this method to a path starting with `pathPrefix` is refused with Stripe's 400 (a refusal the app does not expect). */
  refuseNext: (method: string, pathPrefix: string, message?: string) => void;
  /** Payment intents and refunds (shopping orders). */
  payments: PaymentStore;
  /** The person confirmed this payment intent with a card (last4 0002: declined); the webhook goes out. */
  confirmPaymentIntent: (id: string, opts?: { last4?: string }) => ReturnType<typeof confirmPaymentIntent>;
  /** Every seat (quantity) change made, with its idempotency key. */
  quantityUpdates: () => QuantityUpdate[];
  /** The environment that points the app at this fake. */
  env: (webhookTarget?: string) => Record<string, string>;
  close: () => Promise<void>;
};

export async function startStripeFake(opts: { webhookSecret?: string } = {}): Promise<StripeFake> {
  const state = createState();
  const webhooks = createWebhooks(state, opts.webhookSecret ?? FAKE_WEBHOOK_SECRET);
  let baseUrl = '';
  let readGate: Promise<void> | null = null;
  const responseGates: { method: string; pathPrefix: string; gate: Promise<void> }[] = [];
  const refusals: { method: string; pathPrefix: string; message: string }[] = [];
  const routes = new Map<string, Route>(
    Object.entries({
      ...catalogRoutes(state),
      ...checkoutRoutes(state, () => baseUrl),
      ...subscriptionRoutes(state, webhooks),
      ...scheduleRoutes(state, webhooks),
      ...paymentIntentRoutes(state),
    }) as [string, Route][],
  );
  const match = (method: string, path: string): [Route, string] | null => {
    const exact = routes.get(`${method} ${path}`);
    if (exact) return [exact, ''];
    const slash = path.lastIndexOf('/');
    const byId = routes.get(`${method} ${path.slice(0, slash)}/:id`);
    if (byId) return [byId, decodeURIComponent(path.slice(slash + 1))];
    // An action on an object: /v1/<things>/<id>/<action>.
    const parts = /^(.*)\/([^/]+)\/([a-z_]+)$/.exec(path);
    const action = parts ? routes.get(`${method} ${parts[1]}/:id/${parts[3]}`) : undefined;
    return action && parts ? [action, decodeURIComponent(parts[2])] : null;
  };

  async function api(req: IncomingMessage, res: ServerResponse, method: string, path: string) {
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const { raw, params } = await readParams(req);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    state.requests.push({ method, path, idempotencyKey: key });
    if (key && method === 'POST') {
      const seen = state.idempotency.get(key);
      if (seen) {
        if (seen.method !== method || seen.path !== path || seen.body !== raw)
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        res.setHeader('idempotent-replayed', 'true');
        return send(res, seen.status, seen.response);
      }
    }
    const refusal = refusals.findIndex((r) => r.method === method && path.startsWith(r.pathPrefix));
    if (refusal >= 0) {
      const [r] = refusals.splice(refusal, 1);
      return send(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: r.message } });
    }
    if (readGate && method === 'GET' && path.startsWith('/v1/subscriptions')) await readGate;
    const found = match(method, path);
    let status = 200;
    let body: unknown;
    try {
      if (!found) throw new StripeFakeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
      body = await found[0](params, found[1], key);
    } catch (err) {
      if (!(err instanceof StripeFakeError)) throw err;
      status = err.status;
      body = { error: { type: err.type, code: err.code, message: err.message, ...(err.decline_code ? { decline_code: err.decline_code } : {}) } };
    }
    if (key && method === 'POST') state.idempotency.set(key, { method, path, body: raw, status, response: body });
    const held = responseGates.find((g) => g.method === method && path.startsWith(g.pathPrefix));
    if (held) await held.gate;
    send(res, status, body);
  }

  /** The hosted pages a browser reaches: the pay page (a button that completes the session) and the portal. */
  async function pages(res: ServerResponse, method: string, path: string) {
    const pay = /^\/pay\/([\w-]+)$/.exec(path);
    if (pay && method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Stripe fake checkout</title><form method="post"><button>Pay</button></form>`);
    }
    if (pay && method === 'POST') {
      await completeCheckout(state, webhooks, pay[1]);
      const session = state.sessions.get(pay[1]);
      res.writeHead(303, { location: session?.success_url ?? session?.return_url ?? '/' });
      return res.end();
    }
    const complete = /^\/test\/checkout\/([\w-]+)\/complete$/.exec(path);
    if (complete && method === 'POST') {
      const sub = await completeCheckout(state, webhooks, complete[1]);
      return send(res, 200, { subscription: sub.id });
    }
    if (/^\/portal\/[\w-]+$/.test(path)) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Stripe fake billing portal</title><h1>Billing portal</h1>');
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `No page ${path}` } });
  }

  /** What Stripe.js asks for a session on the app's page (stripe-js-api.ts), through the Stripe.js test double. */
  async function browserApi(req: IncomingMessage, res: ServerResponse, path: string) {
    const { params } = await readParams(req);
    const answer = await stripeJsApi(state, webhooks, path, params);
    send(res, answer.status, answer.body);
  }

  const server = await listenLoopback((req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    const run = path.startsWith('/v1/') ? api(req, res, method, path) : path.startsWith('/js/') ? browserApi(req, res, path) : pages(res, method, path);
    run.catch((err) => send(res, 500, { error: { type: 'api_error', message: String(err) } }));
  });
  baseUrl = server.url;
  return {
    url: server.url,
    state,
    webhooks,
    completeCheckout: (id, o) => completeCheckout(state, webhooks, id, o),
    lifecycle: subscriptionLifecycle(state, webhooks),
    seedPrice: (p) => createPrice(state, p),
    holdSubscriptionReads: () => {
      let release!: () => void;
      readGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        readGate = null;
        release();
      };
    },
    quantityUpdates: () => quantityUpdates(state),
    payments: paymentStore(state),
    confirmPaymentIntent: (id, o) => confirmPaymentIntent(state, webhooks, id, { last4: o?.last4 ?? '4242' }),
    holdResponses: (method, pathPrefix) => {
      let release!: () => void;
      const entry = { method, pathPrefix, gate: new Promise<void>((resolve) => (release = resolve)) };
      responseGates.push(entry);
      return () => {
        responseGates.splice(responseGates.indexOf(entry), 1);
        release();
      };
    },
    refuseNext: (method, pathPrefix, message = 'The fake was told to refuse this request.') => {
      refusals.push({ method, pathPrefix, message });
    },
    seedCoupon: (c) => createCoupon(state, c),
    seedPromotionCode: (p) => createPromotionCode(state, p),
    seedPlanPrices: () => {
      for (const [id, unit_amount, interval, product, product_name] of [
        ['price_pro_monthly', 2000, 'month', 'prod_pro', 'Pro'],
        ['price_pro_yearly', 20000, 'year', 'prod_pro', 'Pro'],
        ['price_max_monthly', 20000, 'month', 'prod_max', 'Max'],
        ['price_max_yearly', 200000, 'year', 'prod_max', 'Max'],
      ] as const)
        createPrice(state, { id, product, product_name, unit_amount, currency: 'usd', interval });
    },
    env: (webhookTarget) => {
      if (webhookTarget) webhooks.target = webhookTarget;
      return { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: opts.webhookSecret ?? FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: server.url };
    },
    close: server.close,
  };
}
