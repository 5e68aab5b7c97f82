import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import type { DomainError } from '../shared/domain-error.js';
import { decideAsk, decideFinish } from './decide.js';
import { evolveThread, initialThread, type ThreadState } from './events.js';
import {
  decideAccessAnswer,
  decideAccessChange,
  decideAccessRequest,
  decideBugReportSharing,
  decideExpiryRemoval,
  decideSourcesRemoval,
} from './sharing-decide.js';

const now = new Date('2025-05-04T03:02:01.000Z');
const fold = (events: { type: string; data: unknown }[], from: ThreadState = initialThread) =>
  events
    .map((e, i): StoredEvent => ({ ...e, globalPosition: String(i + 1), streamId: 'thread-c1', streamVersion: i + 1, metadata: {}, recordedAt: now }))
    .reduce(evolveThread, from);
const refused = (f: () => unknown, kind: string, code: string) => expect(f).toThrow(expect.objectContaining({ kind, code }) as DomainError);

const ada = { user_id: 'ada', visitor_ids: [] };
const bob = { user_id: 'bob', visitor_ids: [] };
const anon = { user_id: null, visitor_ids: ['v1'] };
const ask = {
  context_uuid: 'c1',
  backend_uuid: 'b1',
  thread_url_slug: 's',
  frontend_context_uuid: null,
  query_str: 'How?',
  search_mode: 'auto' as const,
  incognito: false,
  model: 'm',
  now,
};
const sources = [
  { url: 'u1', name: 'One', snippet: 'one' },
  { url: 'u2', name: 'Two', snippet: 'two' },
];
/** Ada's thread with one finished answer citing both sources. */
function adaThread() {
  const started = fold(decideAsk(initialThread, { ...ask, asker: { ...ada, visitor_id: 'v9' } }, true));
  const withSources = fold([{ type: 'AnswerSourcesFound', data: { backend_uuid: 'b1', sources, found_at: now.toISOString() } }], started);
  return fold(decideFinish(withSources, 'b1', { kind: 'completed', answer: 'A [1]. B [2].', related_questions: [] }, now), withSources);
}

describe('changing access', () => {
  test('applies only when the value differs, for the signed-in owner', () => {
    const s = adaThread();
    expect(decideAccessChange(s, { viewer: ada, thread_access: 'private read', enterprise: false, inSpace: false, now })).toEqual([]);
    const [e] = decideAccessChange(s, { viewer: ada, thread_access: 'public read', enterprise: false, inSpace: false, now });
    expect(e.data).toMatchObject({ thread_access: 'public read', previous_access: 'private read', changed_by: 'ada' });
    expect(fold([e], s).thread_access).toBe('public read');
    refused(
      () => decideAccessChange(s, { viewer: bob, thread_access: 'public read', enterprise: false, inSpace: false, now }),
      'forbidden',
      'not_thread_owner',
    );
    refused(
      () => decideAccessChange(s, { viewer: anon, thread_access: 'public read', enterprise: false, inSpace: false, now }),
      'unauthenticated',
      'login_required',
    );
  });

  test('org read needs Enterprise; collection read needs a Space', () => {
    const s = adaThread();
    refused(() => decideAccessChange(s, { viewer: ada, thread_access: 'org read', enterprise: false, inSpace: false, now }), 'forbidden', 'enterprise_only');
    expect(decideAccessChange(s, { viewer: ada, thread_access: 'org read', enterprise: true, inSpace: false, now })).toHaveLength(1);
    refused(
      () => decideAccessChange(s, { viewer: ada, thread_access: 'collection read', enterprise: true, inSpace: false, now }),
      'conflict',
      'thread_not_in_space',
    );
    expect(decideAccessChange(s, { viewer: ada, thread_access: 'collection read', enterprise: false, inSpace: true, now })).toHaveLength(1);
  });
});

describe('expiry', () => {
  test("an anonymous thread's expiry is removed once, by its owner after signing in", () => {
    const s = fold(decideAsk(initialThread, { ...ask, asker: { ...anon, visitor_id: 'v1' } }, true));
    expect(s.expiry_time).not.toBeNull();
    refused(() => decideExpiryRemoval(s, anon, now), 'unauthenticated', 'login_required');
    refused(() => decideExpiryRemoval(s, bob, now), 'forbidden', 'not_thread_owner');
    const claimed = { user_id: 'carol', visitor_ids: ['v1'] };
    const events = decideExpiryRemoval(s, claimed, now);
    expect(events).toHaveLength(1);
    expect(decideExpiryRemoval(fold(events, s), claimed, now)).toEqual([]);
  });
});

describe('access requests', () => {
  test('one open request per user; the owner grants it; the reader is then let in', () => {
    const s = adaThread();
    refused(() => decideAccessRequest(s, { requester: anon, canReadNow: false, request_id: 'r1', now }), 'unauthenticated', 'login_required');
    refused(() => decideAccessRequest(s, { requester: ada, canReadNow: true, request_id: 'r1', now }), 'conflict', 'already_readable');
    const first = decideAccessRequest(s, { requester: bob, canReadNow: false, request_id: 'r1', now });
    const s2 = fold(first.events, s);
    expect(decideAccessRequest(s2, { requester: bob, canReadNow: false, request_id: 'r2', now })).toEqual({ events: [], request_id: 'r1' });
    refused(() => decideAccessAnswer(s2, { viewer: bob, request_id: 'r1', grant: true, now }), 'forbidden', 'not_thread_owner');
    refused(() => decideAccessAnswer(s2, { viewer: ada, request_id: 'nope', grant: true, now }), 'not_found', 'request_not_found');
    const granted = fold(decideAccessAnswer(s2, { viewer: ada, request_id: 'r1', grant: true, now }), s2);
    expect(granted.readers).toEqual(['bob']);
    expect(decideAccessAnswer(granted, { viewer: ada, request_id: 'r1', grant: true, now })).toEqual([]);
    refused(() => decideAccessAnswer(granted, { viewer: ada, request_id: 'r1', grant: false, now }), 'conflict', 'request_answered');
  });
});

describe('removing sources', () => {
  test('removes by url, renumbers the markers, needs the owner and a finished entry', () => {
    const s = adaThread();
    const [e] = decideSourcesRemoval(s, { viewer: ada, backend_uuid: 'b1', urls: ['u1'], now });
    expect(e.data).toMatchObject({ answer: 'A. B [1].', sources: [sources[1]], removed_urls: ['u1'] });
    refused(() => decideSourcesRemoval(s, { viewer: bob, backend_uuid: 'b1', urls: ['u1'], now }), 'forbidden', 'not_thread_owner');
    refused(() => decideSourcesRemoval(s, { viewer: ada, backend_uuid: 'b1', urls: ['u9'], now }), 'invalid', 'unknown_source');
    refused(() => decideSourcesRemoval(s, { viewer: ada, backend_uuid: 'b9', urls: ['u1'], now }), 'not_found', 'entry_not_found');
    const pending = fold(decideAsk(initialThread, { ...ask, asker: { ...ada, visitor_id: 'v9' } }, true));
    refused(() => decideSourcesRemoval(pending, { viewer: ada, backend_uuid: 'b1', urls: ['u1'], now }), 'conflict', 'entry_not_finished');
  });
});

describe('after a bug report (seed 000 §4)', () => {
  test("the signed-in owner's thread becomes public read with its expiry removed, in one decision; once", () => {
    const s = fold(decideAsk(initialThread, { ...ask, asker: { ...anon, visitor_id: 'v1' } }, true));
    const claimed = { user_id: 'carol', visitor_ids: ['v1'] };
    const events = decideBugReportSharing(s, claimed, now);
    expect(events.map((e) => e.type)).toEqual(['ThreadAccessChanged', 'ThreadExpiryRemoved']);
    const after = fold(events, s);
    expect(after).toMatchObject({ thread_access: 'public read', expiry_time: null });
    expect(decideBugReportSharing(after, claimed, now)).toEqual([]);
  });

  test("anyone else's thread, or a visitor's own, is left as it is, without an error", () => {
    const s = adaThread();
    expect(decideBugReportSharing(s, bob, now)).toEqual([]);
    const anonymous = fold(decideAsk(initialThread, { ...ask, asker: { ...anon, visitor_id: 'v1' } }, true));
    expect(decideBugReportSharing(anonymous, anon, now)).toEqual([]);
    expect(decideBugReportSharing(initialThread, ada, now)).toEqual([]);
    expect(decideBugReportSharing(s, ada, now).map((e) => e.type)).toEqual(['ThreadAccessChanged']);
  });
});
