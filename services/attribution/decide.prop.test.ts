// Property: however a person's questions arrive (from the web or the assistant browser, with
// replays of the same count), each milestone is recorded exactly once, and exactly the seed's.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { decideQueryMilestones } from './decide.js';
import { evolveAttribution, initialAttribution, type QueryMilestone } from './events.js';

const now = new Date('2026-03-04T05:06:07.000Z');
const owner = { user_id: null, visitor_id: 'v1' };

test('each milestone is reached once, exactly when its count is reached', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ assistant: fc.boolean(), replay: fc.boolean() }), { maxLength: 30 }), (asks) => {
      let state = initialAttribution;
      let questions = 0;
      let assistant = 0;
      const recorded: QueryMilestone[] = [];
      asks.forEach((a, i) => {
        // A replay asks decide again with the counts it saw last (a retried batch), changing nothing.
        if (!a.replay || i === 0) {
          questions += 1;
          if (a.assistant) assistant += 1;
        }
        const events = decideQueryMilestones(
          state,
          owner,
          { backend_uuid: `b${i}`, questions, assistantQuestions: assistant, fromAssistant: a.assistant },
          now,
        );
        for (const e of events) {
          recorded.push(e.data.milestone);
          const stored: StoredEvent = { ...e, globalPosition: '1', streamId: 's', streamVersion: 1, metadata: {}, recordedAt: now };
          state = evolveAttribution(state, stored);
        }
      });
      expect(new Set(recorded).size).toBe(recorded.length);
      const expected = [1, 3, 5, 10].filter((n) => n <= questions).map((n) => `query_${n}`);
      expect(recorded.filter((m) => m.startsWith('query_')).sort()).toEqual(expected.sort());
      for (const m of recorded.filter((m) => m.startsWith('assistant_'))) expect(Number(m.split('_').pop())).toBeLessThanOrEqual(assistant);
    }),
  );
});
