// For any preferences and any source, a notification goes out on exactly the channels the
// person keeps on and the source allows (a task's notificationSettings), less email when the
// source mails, or not at all when none is left; and for
// any sequence of subscribe and unsubscribe, a person never keeps more browsers than the limit.
import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideSend, decideSubscribe, decideUnsubscribe } from './decide.js';
import { evolvePersonNotify, initialNotification, initialPersonNotify, NOTIFICATION_KINDS, type PersonNotifyState } from './events.js';
import { PUSH_SUBSCRIPTIONS_MAX } from './limits.js';

const now = new Date('2026-03-01T10:00:00Z');

const channelsOf = fc.record({ should_send_email: fc.boolean(), should_send_in_app: fc.boolean(), should_send_push: fc.boolean() });

test('the channels are the preferences narrowed by the source, less email when the source mails', () => {
  fc.assert(
    fc.property(channelsOf, fc.option(channelsOf, { nil: undefined }), fc.boolean(), fc.constantFrom(...NOTIFICATION_KINDS), (prefs, allowed, mailed, kind) => {
      const events = decideSend(initialNotification, prefs, {
        userId: 'u',
        kind,
        title: 't',
        body: 'b',
        url: '/x',
        now,
        notificationId: 'n',
        mailedBySource: mailed,
        channels: allowed,
      });
      const source = allowed ?? { should_send_email: true, should_send_in_app: true, should_send_push: true };
      const want = {
        in_app: prefs.should_send_in_app && source.should_send_in_app,
        email: prefs.should_send_email && source.should_send_email && !mailed,
        push: prefs.should_send_push && source.should_send_push,
      };
      if (!want.in_app && !want.email && !want.push) expect(events).toEqual([]);
      else expect(events[0].data).toMatchObject(want);
    }),
  );
});

const key = createECDH('prime256v1').generateKeys().toString('base64url');
const auth = randomBytes(16).toString('base64url');

test('never more browsers than the limit, and each endpoint once', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ sub: fc.boolean(), n: fc.integer({ min: 0, max: PUSH_SUBSCRIPTIONS_MAX + 5 }) }), { maxLength: 80 }), (cmds) => {
      let s: PersonNotifyState = initialPersonNotify;
      cmds.forEach((c, i) => {
        const endpoint = `https://push.example.com/${c.n}`;
        const at = new Date(now.getTime() + i * 1000);
        try {
          const events = c.sub
            ? decideSubscribe(s, { userId: 'u', now: at, subscriptionId: endpoint, endpoint, p256dh: key, auth })
            : decideUnsubscribe(s, { userId: 'u', now: at, subscriptionId: endpoint });
          s = (events as Parameters<typeof evolvePersonNotify>[1][]).reduce(evolvePersonNotify, s);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
        }
        const endpoints = Object.values(s.subscriptions).map((x) => x.endpoint);
        expect(endpoints.length).toBeLessThanOrEqual(PUSH_SUBSCRIPTIONS_MAX);
        expect(new Set(endpoints).size).toBe(endpoints.length);
        if (c.sub) expect(endpoints).toContain(endpoint);
      });
    }),
  );
});
