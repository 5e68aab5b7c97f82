// Events as Stripe sends them: signed with the endpoint's secret exactly as Stripe signs
// (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.payload"), by the SDK's own test helper.
import Stripe from 'stripe';
import { newId, type FakeState, type Obj } from './state.js';

export type SentEvent = { id: string; type: string; payload: string };

export type Webhooks = {
  /** Makes an event and, unless held, delivers it once. */
  emit: (type: string, object: Obj) => Promise<SentEvent>;
  /**
   * Delivers an event's exact payload again, freshly signed (as Stripe's retries do); answers the
   * app's status. `timestamp` (seconds) dates the signature otherwise than now.
   */
  deliver: (event: SentEvent, opts?: { secret?: string; timestamp?: number }) => Promise<number>;
  /** Every event made, in order. */
  events: SentEvent[];
  /** While true, events are recorded but not delivered (a test delivers them itself). */
  hold: boolean;
  target: string | null;
  /** Events whose type starts with `prefix` go to `target` instead (a second endpoint, as an operator adds in Stripe). */
  routes: { prefix: string; target: string }[];
};

const stripe = new Stripe('sk_test_fake_signer');

export function createWebhooks(state: FakeState, secret: string): Webhooks {
  const targetOf = (type: string) => hooks.routes.find((r) => type.startsWith(r.prefix))?.target ?? hooks.target;
  const hooks: Webhooks = {
    events: [],
    hold: false,
    target: null,
    routes: [],
    async emit(type, object) {
      const event = {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: state.now,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
      const sent = { id: event.id, type, payload: JSON.stringify(event) };
      hooks.events.push(sent);
      if (!hooks.hold && targetOf(type)) await hooks.deliver(sent);
      return sent;
    },
    async deliver(event, opts = {}) {
      const target = targetOf(event.type);
      if (!target) throw new Error('the Stripe fake has no webhook target');
      const header = stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: opts.secret ?? secret, timestamp: opts.timestamp });
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.payload,
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
  return hooks;
}
