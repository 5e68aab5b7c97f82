import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { DomainError } from '../shared/domain-error.js';
import {
  ANONYMOUS_THREAD_TTL_MS,
  decideAsk,
  decideFinish,
  decideProSearchSteps,
  decideRewrite,
  decideSources,
  decideStartGeneration,
  decideStop,
  type AskCommand,
} from './decide.js';
import { evolveThread, initialThread, type ThreadState } from './events.js';
import { slugFor } from './slug.js';
import { decider, refused } from '../../tests/support/decider.js';

const now = new Date('2025-05-04T03:02:01.000Z');
const later = new Date('2025-05-04T03:03:01.000Z');
const fold = (events: { type: string; data: unknown }[], from: ThreadState = initialThread) =>
  events
    .map((e, i): StoredEvent => ({ ...e, globalPosition: String(i + 1), streamId: 'thread-c1', streamVersion: i + 1, metadata: {}, recordedAt: now }))
    .reduce(evolveThread, from);

const thread = decider(evolveThread, initialThread, 'thread-c1');
const visitor = { user_id: null, visitor_ids: ['v1'], visitor_id: 'v1' };
const ada = { user_id: 'ada', visitor_ids: ['v1'], visitor_id: 'v9' };
const cmd = (over: Partial<AskCommand> = {}): AskCommand => ({
  context_uuid: 'c1',
  backend_uuid: 'b1',
  thread_url_slug: 'how-c1',
  frontend_context_uuid: null,
  query_str: '  How?  ',
  search_mode: 'auto',
  incognito: false,
  model: 'offline-extractive',
  asker: visitor,
  now,
  ...over,
});
const expectRefused = (f: () => unknown, kind: string, code: string) => {
  expect(f).toThrow(DomainError);
  expect(f).toThrow(expect.objectContaining({ kind, code }));
};

describe('asking', () => {
  test('a question from the assistant browser says so; one from the web app carries no client', () => {
    const fromBrowser = decideAsk(initialThread, cmd({ client: 'assistant_browser' }), true).find((e) => e.type === 'QuestionAsked');
    expect(fromBrowser?.data).toMatchObject({ client: 'assistant_browser' });
    const fromWeb = decideAsk(initialThread, cmd(), true).find((e) => e.type === 'QuestionAsked');
    expect(fromWeb?.data).not.toHaveProperty('client');
  });

  test('an anonymous visitor starts a private thread that expires after 7 days', () => {
    const events = decideAsk(initialThread, cmd(), true);
    expect(events.map((e) => e.type)).toEqual(['ThreadStarted', 'QuestionAsked']);
    expect(events[0].data).toMatchObject({
      owner_user_id: null,
      owner_visitor_id: 'v1',
      thread_access: 'private read',
      title: 'How?',
      expiry_time: new Date(now.getTime() + ANONYMOUS_THREAD_TTL_MS).toISOString(),
    });
    expect(events[1].data).toMatchObject({ query_str: 'How?', backend_uuid: 'b1', asked_at: now.toISOString() });
  });

  test("a signed-in user's thread is theirs and kept", () => {
    const [started] = decideAsk(initialThread, cmd({ asker: ada }), true);
    expect(started.data).toMatchObject({ owner_user_id: 'ada', owner_visitor_id: null, expiry_time: null });
  });

  test('blank after trimming or over 2,000 characters is refused', () => {
    expectRefused(() => decideAsk(initialThread, cmd({ query_str: ' \n\t ' }), true), 'invalid', 'query_blank');
    expectRefused(() => decideAsk(initialThread, cmd({ query_str: 'x'.repeat(2001) }), true), 'invalid', 'query_too_long');
    expect(decideAsk(initialThread, cmd({ query_str: ` ${'x'.repeat(2000)} ` }), true)).toHaveLength(2);
  });

  test('a follow-up by the owner continues; by anyone else 403; an unknown or expired thread 404', () => {
    const state = fold(decideAsk(initialThread, cmd(), true));
    expect(decideAsk(state, cmd({ backend_uuid: 'b2' }), false).map((e) => e.type)).toEqual(['QuestionAsked']);
    // The account that claimed visitor v1 owns its threads too.
    expect(decideAsk(state, cmd({ backend_uuid: 'b2', asker: ada }), false)).toHaveLength(1);
    expectRefused(() => decideAsk(state, cmd({ asker: { user_id: null, visitor_ids: ['v2'], visitor_id: 'v2' } }), false), 'forbidden', 'thread_forbidden');
    expectRefused(() => decideAsk(initialThread, cmd(), false), 'not_found', 'thread_not_found');
    // Signed out in a browser whose visitor an account claimed: the earlier work is the account's.
    const signedOut = { ...visitor, claimed_at: later.toISOString() };
    expectRefused(() => decideAsk(state, cmd({ asker: signedOut }), false), 'forbidden', 'thread_forbidden');
    expect(decideAsk(state, cmd({ backend_uuid: 'b2', asker: { ...visitor, claimed_at: now.toISOString() } }), false)).toHaveLength(1);
    // An entry is asked once.
    expectRefused(() => decideAsk(state, cmd(), false), 'conflict', 'entry_exists');
    expectRefused(() => decideAsk(state, cmd({ now: new Date(now.getTime() + ANONYMOUS_THREAD_TTL_MS) }), false), 'not_found', 'thread_not_found');
  });
});

describe('answering', () => {
  const asked = decideAsk(initialThread, cmd(), true);
  const source = { url: '/help/x', name: 'X', snippet: 's' };

  test("a Pro Search's steps are recorded once, before the sources, while the entry is pending", () => {
    const steps = {
      queries: ['How', 'how overview'],
      sources_read: 1,
      pages: [{ url: 'https://e.org', title: 'E' }],
      duration_ms: 12,
      planner: 'offline' as const,
    };
    const recorded = [{ type: 'ProSearchStepsRecorded', data: { backend_uuid: 'b1', steps, recorded_at: now.toISOString() } }];
    thread
      .given(asked)
      .when((s) => decideProSearchSteps(s, 'b1', steps, now))
      .then(recorded);
    thread
      .given(asked, recorded)
      .when((s) => decideProSearchSteps(s, 'b1', steps, later))
      .then([]);
    const found = [{ type: 'AnswerSourcesFound', data: { backend_uuid: 'b1', sources: [source], found_at: now.toISOString() } }];
    thread
      .given(asked, found)
      .when((s) => decideProSearchSteps(s, 'b1', steps, later))
      .then([]);
    expect(fold([...asked, ...recorded]).entries.b1.pro_search_steps).toEqual(steps);
  });

  test('sources are recorded once', () => {
    const found = [{ type: 'AnswerSourcesFound', data: { backend_uuid: 'b1', sources: [source], found_at: now.toISOString() } }];
    thread
      .given(asked)
      .when((s) => decideSources(s, 'b1', [source], now))
      .then(found);
    thread
      .given(asked, found)
      .when((s) => decideSources(s, 'b1', [], later))
      .then([]);
    thread
      .given(asked)
      .when((s) => decideSources(s, 'nope', [], now))
      .then(refused('not_found', 'entry_not_found'));
  });

  test('a second start of generation means the first was cut off', () => {
    const started = [{ type: 'AnswerGenerationStarted', data: { backend_uuid: 'b1', started_at: now.toISOString() } }];
    thread
      .given(asked)
      .when((s) => decideStartGeneration(s, 'b1', now))
      .then({ interrupted: false, ended: false, events: started });
    thread
      .given(asked, started)
      .when((s) => decideStartGeneration(s, 'b1', later))
      .then({ events: [], interrupted: true, ended: false });
  });

  test('an entry ends once: the first outcome stands', () => {
    const done = [{ type: 'AnswerCompleted', data: { backend_uuid: 'b1', answer: 'A [1]', related_questions: ['Q?'], completed_at: now.toISOString() } }];
    thread
      .given(asked)
      .when((s) => decideFinish(s, 'b1', { kind: 'completed', answer: 'A [1]', related_questions: ['Q?'] }, now))
      .then(done);
    thread
      .given(asked, done)
      .when((s) => decideFinish(s, 'b1', { kind: 'failed', answer: '', detail: 'x' }, later))
      .then([]);
    thread
      .given(asked, done)
      .when((s) => decideStartGeneration(s, 'b1', later))
      .then({ events: [], interrupted: false, ended: true });
    thread
      .given(asked)
      .when((s) => decideFinish(s, 'b1', { kind: 'failed', answer: 'part', detail: 'boom' }, now))
      .then([{ type: 'AnswerFailed', data: { backend_uuid: 'b1', answer: 'part', error: 'stream error', detail: 'boom', failed_at: now.toISOString() } }]);
  });

  test('only the owner stops a running answer; stopping twice or after the end does nothing', () => {
    const stop = [{ type: 'AnswerStopRequested', data: { backend_uuid: 'b1', requested_at: now.toISOString() } }];
    thread
      .given(asked)
      .when((s) => decideStop(s, 'b1', visitor, now))
      .then(stop);
    thread
      .given(asked, stop)
      .when((s) => decideStop(s, 'b1', visitor, later))
      .then([]);
    thread
      .given(asked)
      .when((s) => decideStop(s, 'b1', { user_id: 'eve', visitor_ids: [] }, now))
      .then(refused('forbidden', 'thread_forbidden'));
    const stopped = decideFinish(thread.fold([...asked, ...stop]), 'b1', { kind: 'stopped', answer: 'so far' }, now);
    expect(thread.given(asked, stop, stopped).state.entries.b1.status).toBe('stopped');
    thread
      .given(asked, stop, stopped)
      .when((s) => decideStop(s, 'b1', visitor, later))
      .then([]);
  });
});

test('slugs are readable words of the question plus a short suffix of the thread id', () => {
  expect(slugFor('How do I share a thread?', '0f3a9c1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b')).toBe('how-do-i-share-a-thread-0f3a9c1e2b');
  expect(slugFor('Café à la carte!', 'abcdef01-2345')).toBe('cafe-a-la-carte-abcdef0123');
  expect(slugFor('???', 'abcdef01-2345')).toBe('thread-abcdef0123');
  expect(slugFor('word '.repeat(40), 'abcdef01-2345').length).toBeLessThanOrEqual(71);
});

describe('rewriting', () => {
  test("an offline answer rewritten by the offline model would be the same words: 'unchanged'", () => {
    expect(decideRewrite({ status: 'completed', model: 'offline-extractive' }, 'offline-extractive')).toBe('unchanged');
  });

  test('another model, on either side, or an answer that did not end well, is asked again', () => {
    expect(decideRewrite({ status: 'completed', model: 'offline-extractive' }, 'gpt-x')).toBe('ask');
    expect(decideRewrite({ status: 'completed', model: 'gpt-x' }, 'offline-extractive')).toBe('ask');
    expect(decideRewrite({ status: 'failed', model: 'offline-extractive' }, 'offline-extractive')).toBe('ask');
    expect(decideRewrite({ status: 'stopped', model: 'offline-extractive' }, 'offline-extractive')).toBe('ask');
  });

  test('an entry not in the thread is not found', () => {
    expect(() => decideRewrite(undefined, 'offline-extractive')).toThrow(expect.objectContaining({ code: 'entry_not_found' }));
  });
});
