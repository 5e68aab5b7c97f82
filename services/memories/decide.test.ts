import { describe, expect, test } from 'vitest';
import type { DomainError } from '../shared/domain-error.js';
import { decideAdd, decideEdit, decideExtracted, decideFeedback, decideForget, decideForgetAll, decideSwitch, decideToggle } from './decide.js';
import { evolveMemories, initialMemories, type MemoriesState, type MemoryEvent, usable } from './events.js';

const now = new Date('2026-01-02T03:04:05Z');
const who = { userId: 'ada', now };
const apply = (s: MemoriesState, events: MemoryEvent[]) => events.reduce(evolveMemories, s);
const withOne = apply(initialMemories, decideAdd(initialMemories, { ...who, key: 'k1', content: 'I am vegetarian' }));

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as DomainError).code;
  }
  return 'no error';
};

describe('remembering', () => {
  test('a memory by hand is trimmed and remembered', () => {
    expect(decideAdd(initialMemories, { ...who, key: 'k', content: '  I live   in Lyon ' })).toEqual([
      {
        type: 'MemoryRemembered',
        data: { user_id: 'ada', memory_key: 'k', content: 'I live in Lyon', origin: 'manual', from_entry_uuid: null, remembered_at: now.toISOString() },
      },
    ]);
  });
  test('blank, too long and the same text again are refused with stable codes', () => {
    expect(code(() => decideAdd(initialMemories, { ...who, key: 'k', content: '   ' }))).toBe('memory_content_required');
    expect(code(() => decideAdd(initialMemories, { ...who, key: 'k', content: 'x'.repeat(501) }))).toBe('memory_content_too_long');
    expect(code(() => decideAdd(withOne, { ...who, key: 'k2', content: 'i am VEGETARIAN.' }))).toBe('memory_exists');
  });
  test('extraction skips what is known, repeats and everything when memories are off', () => {
    const statements = [
      { key: 'a', content: 'I am vegetarian.' },
      { key: 'b', content: 'My dog is called Rex' },
      { key: 'c', content: 'my dog is called rex' },
    ];
    const found = decideExtracted(withOne, { ...who, fromEntryUuid: 'e1', statements });
    expect(found.map((e) => [e.data.memory_key, e.data.origin, e.data.from_entry_uuid])).toEqual([['b', 'answer', 'e1']]);
    const off = apply(withOne, decideSwitch(withOne, { ...who, enabled: false }));
    expect(decideExtracted(off, { ...who, fromEntryUuid: 'e1', statements })).toEqual([]);
    // A question asked while memories were off gives none, even once they are on again.
    const later = { ...who, now: new Date('2026-01-03T00:00:00Z') };
    const onAgain = apply(off, decideSwitch(off, { ...later, enabled: true }));
    expect(decideExtracted(onAgain, { ...later, fromEntryUuid: 'e1', askedAt: '2026-01-02T12:00:00Z', statements })).toEqual([]);
    expect(decideExtracted(onAgain, { ...later, fromEntryUuid: 'e1', askedAt: '2026-01-03T00:00:00Z', statements })).toHaveLength(1);
  });
});

describe('changing and forgetting', () => {
  test('another person’s or an unknown key is not found', () => {
    expect(code(() => decideEdit(initialMemories, { ...who, key: 'k1', content: 'x' }))).toBe('memory_not_found');
    expect(code(() => decideForget(initialMemories, { ...who, key: 'k1' }))).toBe('memory_not_found');
    expect(code(() => decideToggle(initialMemories, { ...who, key: 'k1', verdict: 'helpful', shouldForget: false, feedbackEntryUuid: null }))).toBe(
      'memory_not_found',
    );
  });
  test('an edit to the same text changes nothing; forget-all with none changes nothing', () => {
    expect(decideEdit(withOne, { ...who, key: 'k1', content: 'I am vegetarian ' })).toEqual([]);
    expect(decideForgetAll(initialMemories, who)).toEqual([]);
    expect(apply(withOne, decideForgetAll(withOne, who)).memories).toEqual({});
  });
});

describe('feedback', () => {
  const toggle = (s: MemoriesState, verdict: 'helpful' | 'not_helpful', shouldForget = false) =>
    apply(s, decideToggle(s, { ...who, key: 'k1', verdict, shouldForget, feedbackEntryUuid: 'answer-1' }));
  test('not helpful keeps the memory out of answers; clicking it again clears it', () => {
    const down = toggle(withOne, 'not_helpful');
    expect(usable(down.memories.k1)).toBe(false);
    const cleared = toggle(down, 'not_helpful');
    expect(cleared.memories.k1).toMatchObject({ verdict: null, should_forget: false });
    expect(usable(cleared.memories.k1)).toBe(true);
  });
  test('helpful after not helpful replaces it', () => {
    expect(toggle(toggle(withOne, 'not_helpful', true), 'helpful').memories.k1).toMatchObject({ verdict: 'helpful', should_forget: false });
  });
  test('a negative reason means not helpful, a positive one helpful; a comment needs its text', () => {
    const f = (type: Parameters<typeof decideFeedback>[1]['type'], comment: string | null = null) =>
      decideFeedback(withOne, { ...who, key: 'k1', type, comment, shouldForget: false, feedbackEntryUuid: null });
    expect(f('out_of_date')[0].data.verdict).toBe('not_helpful');
    expect(f('accurate')[0].data.verdict).toBe('helpful');
    expect(f('comment', 'Not true any more')[0].data).toMatchObject({ verdict: null, feedback_type: 'comment', comment: 'Not true any more' });
    expect(code(() => f('comment', '   '))).toBe('memory_feedback_comment_required');
    expect(code(() => f('nonsense' as 'comment', 'x'))).toBe('invalid_memory_feedback');
  });
});
