import { describe, expect, test } from 'vitest';
import { contextualQuery, isFollowUp, pointsBack, TURNS_KEPT, turnsBefore } from './follow-up.js';

describe('a follow-up is read with the conversation before it', () => {
  test('short questions and questions that point back are follow-ups; full questions are not', () => {
    expect(isFollowUp('Can I make it public?')).toBe(true);
    expect(isFollowUp('And in France?')).toBe(true);
    expect(isFollowUp('What else?')).toBe(true);
    expect(pointsBack('What about them?')).toBe(true);
    expect(pointsBack('What is entropy?')).toBe(false);
    expect(isFollowUp('How do I upload files to a Space for my team members?')).toBe(false);
  });

  test("the search adds the previous question's content words the follow-up lacks, once each", () => {
    const earlier = [
      { query: 'Who won the cup?', answer: 'x' },
      { query: 'How do I share a thread?', answer: 'Use the Share menu [1].' },
    ];
    expect(contextualQuery('Can I make it public?', earlier)).toBe('Can I make it public share thread');
    expect(contextualQuery('Can I share it with my team?', earlier)).toBe('Can I share it with my team thread');
    expect(contextualQuery('How do I upload files to a Space for my team members?', earlier)).toBe('How do I upload files to a Space for my team members?');
    expect(contextualQuery('Can I make it public?', [])).toBe('Can I make it public?');
  });

  test('the turns before an entry: answered ones, in order, the last few', () => {
    const entry = (id: string, status = 'completed') => ({ backend_uuid: id, query_str: `q ${id}`, answer: `a ${id}`, status });
    const entries = [entry('1'), entry('2', 'failed'), entry('3'), entry('4'), entry('5'), entry('6'), entry('7', 'pending')];
    expect(turnsBefore(entries, '3')).toEqual([{ query: 'q 1', answer: 'a 1' }]);
    expect(turnsBefore(entries, '7').map((t) => t.query)).toEqual(['q 4', 'q 5', 'q 6']);
    expect(turnsBefore(entries, '7')).toHaveLength(TURNS_KEPT);
    expect(turnsBefore(entries, '1')).toEqual([]);
  });
});
