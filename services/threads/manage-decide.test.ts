// Renaming and deleting a thread: who may, what a title may be, and that a deleted thread is
// gone for every rule, including the answer workflow's.
import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import type { DomainError } from '../shared/domain-error.js';
import { decideAsk, decideFinish, decideSources, decideStartGeneration, decideStop } from './decide.js';
import type { ActorFacts } from '../shared/actor.js';
import { evolveThread, initialThread, type ThreadState } from './events.js';
import { decideDelete, decideRename, MAX_TITLE_LENGTH, normalizeTitle } from './manage-decide.js';
import { decideAccessChange, decideAccessRequest, decideExpiryRemoval } from './sharing-decide.js';
import { decideAddToSpace } from './space-decide.js';

const now = new Date('2025-05-04T03:02:01.000Z');
const fold = (events: { type: string; data: unknown }[], from: ThreadState = initialThread) =>
  events
    .map((e, i): StoredEvent => ({ ...e, globalPosition: String(i + 1), streamId: 'thread-c1', streamVersion: i + 1, metadata: {}, recordedAt: now }))
    .reduce(evolveThread, from);
const refused = (f: () => unknown, kind: string, code: string) => expect(f).toThrow(expect.objectContaining({ kind, code }) as DomainError);

const ada: ActorFacts = { user_id: 'ada', visitor_ids: [] };
const bob: ActorFacts = { user_id: 'bob', visitor_ids: [] };
const stranger: ActorFacts = { user_id: null, visitor_ids: ['v2'] };
const visitor: ActorFacts = { user_id: null, visitor_ids: ['v1'] };
const ask = {
  context_uuid: 'c1',
  backend_uuid: 'b1',
  thread_url_slug: 's',
  frontend_context_uuid: null,
  query_str: 'How do Spaces work?',
  search_mode: 'auto' as const,
  incognito: false,
  model: 'm',
  now,
};
/** Ada's thread, with Bob let in as a reader, its answer still being written. */
const adaThread = () => {
  const started = fold(decideAsk(initialThread, { ...ask, asker: { ...ada, visitor_id: 'v9' } }, true));
  return fold(
    [
      { type: 'ThreadAccessRequested', data: { context_uuid: 'c1', request_id: 'r1', requester_user_id: 'bob', requested_at: now.toISOString() } },
      { type: 'ThreadAccessGranted', data: { context_uuid: 'c1', request_id: 'r1', user_id: 'bob', granted_at: now.toISOString() } },
    ],
    started,
  );
};
const visitorThread = () => fold(decideAsk(initialThread, { ...ask, asker: { ...visitor, visitor_id: 'v1' } }, true));

describe('a title', () => {
  test('is trimmed, and 1 to MAX_TITLE_LENGTH characters', () => {
    expect(normalizeTitle('  Spaces, explained \n')).toBe('Spaces, explained');
    expect(normalizeTitle('x'.repeat(MAX_TITLE_LENGTH))).toHaveLength(MAX_TITLE_LENGTH);
    refused(() => normalizeTitle(' \t\n '), 'invalid', 'title_required');
    refused(() => normalizeTitle('x'.repeat(MAX_TITLE_LENGTH + 1)), 'invalid', 'title_too_long');
  });

  test('is one line of text: control characters such as NUL are refused', () => {
    refused(() => normalizeTitle('a\u0000b'), 'invalid', 'title_invalid');
    refused(() => normalizeTitle('first\nsecond'), 'invalid', 'title_invalid');
    expect(normalizeTitle('Ünïcödé ✓ titles')).toBe('Ünïcödé ✓ titles');
  });
});

describe('renaming', () => {
  test('the owner renames: the event says the new and the old title, by whom and when; the state takes the new one', () => {
    const events = decideRename(adaThread(), { viewer: ada, title: '  Spaces  ', now });
    expect(events).toEqual([
      {
        type: 'ThreadRenamed',
        data: { context_uuid: 'c1', title: 'Spaces', previous_title: 'How do Spaces work?', renamed_by: 'ada', renamed_at: now.toISOString() },
      },
    ]);
    expect(fold(events, adaThread()).started?.title).toBe('Spaces');
  });

  test('the same title (after trimming) writes nothing', () => {
    expect(decideRename(adaThread(), { viewer: ada, title: ' How do Spaces work? ', now })).toEqual([]);
  });

  test.each([
    ['another signed-in user', bob],
    ['an anonymous visitor', stranger],
  ])('%s may not rename it', (_, viewer) => {
    refused(() => decideRename(adaThread(), { viewer, title: 'Mine now', now }), 'forbidden', 'not_thread_owner');
  });

  test('a reader the owner let in may read it, not rename it', () => {
    expect(adaThread().readers).toEqual(['bob']);
    refused(() => decideRename(adaThread(), { viewer: bob, title: 'Mine now', now }), 'forbidden', 'not_thread_owner');
  });

  test('an anonymous visitor renames the thread they asked', () => {
    expect(decideRename(visitorThread(), { viewer: visitor, title: 'Mine', now })[0].data).toMatchObject({ title: 'Mine', renamed_by: null });
  });

  test('a bad title is refused before anything is written', () => {
    refused(() => decideRename(adaThread(), { viewer: ada, title: '   ', now }), 'invalid', 'title_required');
  });

  test('an unknown thread is not found', () => {
    refused(() => decideRename(initialThread, { viewer: ada, title: 'x', now }), 'not_found', 'thread_not_found');
  });
});

describe('deleting', () => {
  test('the owner deletes it: one ThreadDeleted, and the thread is gone from the state', () => {
    const events = decideDelete(adaThread(), { viewer: ada, now });
    expect(events).toEqual([{ type: 'ThreadDeleted', data: { context_uuid: 'c1', deleted_by: 'ada', deleted_at: now.toISOString() } }]);
    expect(fold(events, adaThread())).toMatchObject({ started: null, deleted: true });
  });

  test('a thread in a Space leaves it first, so the Space counts it no more', () => {
    const inSpace = fold(
      decideAddToSpace(adaThread(), { viewer: { user_id: 'ada', visitor_ids: [] }, collection_uuid: 'sp1', enterprise: false, articleMode: false, now }),
      adaThread(),
    );
    expect(decideDelete(inSpace, { viewer: ada, now }).map((e) => [e.type, e.data])).toEqual([
      ['ThreadRemovedFromSpace', { context_uuid: 'c1', collection_uuid: 'sp1', removed_by: 'ada', removed_at: now.toISOString() }],
      ['ThreadDeleted', { context_uuid: 'c1', deleted_by: 'ada', deleted_at: now.toISOString() }],
    ]);
  });

  test.each([
    ['another signed-in user', bob],
    ['a reader the owner let in', bob],
    ['an anonymous visitor', stranger],
  ])('%s may not delete it', (_, viewer) => {
    refused(() => decideDelete(adaThread(), { viewer, now }), 'forbidden', 'not_thread_owner');
  });

  test('an anonymous visitor deletes the thread they asked', () => {
    expect(decideDelete(visitorThread(), { viewer: visitor, now }).map((e) => e.type)).toEqual(['ThreadDeleted']);
  });
});

describe('a deleted thread', () => {
  const deleted = () => fold(decideDelete(adaThread(), { viewer: ada, now }), adaThread());

  test('can be neither renamed nor deleted again, nor shared, kept or asked for', () => {
    refused(() => decideRename(deleted(), { viewer: ada, title: 'Back', now }), 'not_found', 'thread_not_found');
    refused(() => decideDelete(deleted(), { viewer: ada, now }), 'not_found', 'thread_not_found');
    refused(
      () => decideAccessChange(deleted(), { viewer: ada, thread_access: 'public read', enterprise: false, inSpace: false, now }),
      'not_found',
      'thread_not_found',
    );
    refused(() => decideExpiryRemoval(deleted(), ada, now), 'not_found', 'thread_not_found');
    refused(() => decideAccessRequest(deleted(), { requester: bob, canReadNow: false, request_id: 'r2', now }), 'not_found', 'thread_not_found');
    refused(
      () => decideAddToSpace(deleted(), { viewer: { user_id: 'ada', visitor_ids: [] }, collection_uuid: 'sp1', enterprise: false, articleMode: false, now }),
      'not_found',
      'thread_not_found',
    );
  });

  test('takes no follow-up, and its id never starts a thread again', () => {
    const followUp = { ...ask, backend_uuid: 'b2', asker: { ...ada, visitor_id: 'v9' } };
    refused(() => decideAsk(deleted(), followUp, false), 'not_found', 'thread_not_found');
    refused(() => decideAsk(deleted(), followUp, true), 'conflict', 'thread_exists');
  });

  test('its answer still being written records nothing more, and its stop is not found', () => {
    const state = deleted();
    expect(decideSources(state, 'b1', [{ url: 'u', name: 'n', snippet: 's' }], now)).toEqual([]);
    expect(decideStartGeneration(state, 'b1', now)).toEqual({ events: [], interrupted: false, ended: true });
    expect(decideFinish(state, 'b1', { kind: 'completed', answer: 'A', related_questions: [] }, now)).toEqual([]);
    refused(() => decideStop(state, 'b1', ada, now), 'not_found', 'thread_not_found');
  });
});
