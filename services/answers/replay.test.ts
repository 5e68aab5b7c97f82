import { expect, test } from 'vitest';
import type { ThreadEvent } from '../threads/index.js';
import { replayedAnswerEvents } from './replay.js';

const B = 'entry-b';
const at = '2026-11-21T10:00:00.000Z';
const source = { url: '/help/x', name: 'Help: X', snippet: 'X.', meta_data: { domain_name: 'help', published_date: null } };
const asked = (backend: string): ThreadEvent => ({
  type: 'QuestionAsked',
  data: { context_uuid: 'c', backend_uuid: backend, query_str: 'q?', search_mode: 'auto', model: 'offline-extractive', asked_at: at },
});
const found = (backend: string): ThreadEvent => ({ type: 'AnswerSourcesFound', data: { backend_uuid: backend, sources: [source], found_at: at } });

test('a completed answer: sources, the answer as one delta, related, completed; other entries ignored', () => {
  const events: ThreadEvent[] = [
    asked('other'),
    found('other'),
    asked(B),
    found(B),
    { type: 'AnswerCompleted', data: { backend_uuid: 'other', answer: 'Not this one.', related_questions: [], completed_at: at } },
    { type: 'AnswerCompleted', data: { backend_uuid: B, answer: 'Use the Share menu [1].', related_questions: ['How do I unshare?'], completed_at: at } },
  ];
  expect(replayedAnswerEvents(events, B)).toEqual([
    { event: 'sources', data: { sources: [source] } },
    { event: 'delta', data: { text: 'Use the Share menu [1].' } },
    { event: 'related', data: { questions: ['How do I unshare?'] } },
    { event: 'completed', data: { backend_uuid: B, status: 'completed' } },
  ]);
});

test('stopped and failed answers end as the live stream ended them; empty text sends no delta', () => {
  expect(replayedAnswerEvents([asked(B), found(B), { type: 'AnswerStopped', data: { backend_uuid: B, answer: 'Half', stopped_at: at } }], B)).toEqual([
    { event: 'sources', data: { sources: [source] } },
    { event: 'delta', data: { text: 'Half' } },
    { event: 'completed', data: { backend_uuid: B, status: 'stopped' } },
  ]);
  // Failed before any sources were found (a source or the database failing).
  expect(
    replayedAnswerEvents([asked(B), { type: 'AnswerFailed', data: { backend_uuid: B, answer: '', error: 'stream error', detail: 'Down.', failed_at: at } }], B),
  ).toEqual([{ event: 'failed', data: { backend_uuid: B, error: 'stream error', detail: 'Down.' } }]);
});

test('an entry still being answered replays what is recorded so far, without an end', () => {
  expect(replayedAnswerEvents([asked(B), found(B)], B)).toEqual([{ event: 'sources', data: { sources: [source] } }]);
  expect(replayedAnswerEvents([asked(B)], B)).toEqual([]);
});
