import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { DomainError } from '../shared/domain-error.js';
import { decideDeliver, decideKeepInOutbox, decideQueue } from './decide.js';
import { evolveMail, initialMail, type MailState } from './events.js';

const now = new Date('2025-05-04T03:02:01.000Z');
const later = new Date('2025-05-04T03:03:01.000Z');
const mail = { mail_id: 'welcome-u1', user_id: 'u1', to: 'ada@example.com', subject: 'Welcome', text: 'Hi Ada' };
const fold = (events: { type: string; data: unknown }[], from: MailState = initialMail) =>
  events
    .map((e, i): StoredEvent => ({ ...e, globalPosition: String(i + 1), streamId: 'mail-x', streamVersion: i + 1, metadata: {}, recordedAt: now }))
    .reduce(evolveMail, from);

describe('queueing a mail', () => {
  test('a new mail is queued with the time it was queued', () => {
    expect(decideQueue(initialMail, mail, now)).toEqual([{ type: 'MailQueued', data: { ...mail, queued_at: '2025-05-04T03:02:01.000Z' } }]);
  });

  test('queueing the same mail id again does nothing, so a retried step cannot queue twice', () => {
    const queued = fold(decideQueue(initialMail, mail, now));
    expect(queued).toEqual({ status: 'queued', mail: { ...mail, queued_at: now.toISOString() } });
    expect(decideQueue(queued, { ...mail, subject: 'Other' }, later)).toEqual([]);
    const delivered = fold(decideDeliver(queued, 'outbox', later), queued);
    expect(decideQueue(delivered, mail, later)).toEqual([]);
  });
});

describe('delivering a mail', () => {
  test('a queued mail is delivered once, recording how and when', () => {
    const queued = fold(decideQueue(initialMail, mail, now));
    const events = decideDeliver(queued, 'smtp', later);
    expect(events).toEqual([{ type: 'MailDelivered', data: { mail_id: 'welcome-u1', via: 'smtp', delivered_at: '2025-05-04T03:03:01.000Z' } }]);
    const delivered = fold(events, queued);
    expect(delivered.status).toBe('delivered');
    expect(delivered.mail).toEqual(queued.mail);
    expect(decideDeliver(delivered, 'smtp', later)).toEqual([]);
  });

  test('delivering a mail that was never queued is refused as not found', () => {
    expect(() => decideDeliver(initialMail, 'outbox', now)).toThrow(DomainError);
    expect(() => decideDeliver(initialMail, 'outbox', now)).toThrow(expect.objectContaining({ kind: 'not_found', code: 'mail_not_found' }));
  });
});

describe('keeping a mail in the outbox (no SMTP server)', () => {
  test('a new mail is queued and delivered via the outbox at once', () => {
    const events = decideKeepInOutbox(initialMail, mail, now);
    expect(events).toEqual([
      { type: 'MailQueued', data: { ...mail, queued_at: now.toISOString() } },
      { type: 'MailDelivered', data: { mail_id: mail.mail_id, via: 'outbox', delivered_at: now.toISOString() } },
    ]);
    expect(fold(events).status).toBe('delivered');
  });

  test('a mail id used already keeps nothing', () => {
    const queued = fold(decideQueue(initialMail, mail, now));
    expect(decideKeepInOutbox(queued, mail, later)).toEqual([]);
  });
});
