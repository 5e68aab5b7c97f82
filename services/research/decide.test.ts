// Research's rules: admission (model first, then sign-in, then the plan's quota) and a report's
// events, each decided once.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dailyLimit, decideAdmission, decideEnd, decidePlanned, decideStart, decideStep, DEFAULT_RESEARCH_QUOTA, quotaPeriod, stepLine } from './decide.js';
import { evolveResearch, initialResearch, type ResearchEvent } from './events.js';
import type { Plan } from '../shared/actor.js';

const quota = DEFAULT_RESEARCH_QUOTA;
const codeOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('decideAdmission', () => {
  test('without a model nothing else matters; signed out next; then the plan quota', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        fc.constantFrom<Plan>('free', 'pro', 'max', 'enterprise'),
        fc.boolean(),
        fc.nat(20),
        (hasModel, userId, plan, unlimited, usedToday) => {
          const code = codeOf(() => decideAdmission({ hasModel, userId, plan, unlimited, usedToday }, quota));
          const limit = dailyLimit(plan, unlimited, quota);
          const expected = !hasModel
            ? 'research_needs_model'
            : !userId
              ? 'login_required'
              : limit !== null && usedToday >= limit
                ? 'research_quota_reached'
                : null;
          expect(code).toBe(expected);
        },
      ),
    );
  });

  test('Free gets its daily number, Pro its own, unlimitedResearch none', () => {
    expect(dailyLimit('free', false, quota)).toBe(1);
    expect(dailyLimit('pro', false, quota)).toBe(5);
    expect(dailyLimit('max', true, quota)).toBeNull();
    expect(codeOf(() => decideAdmission({ hasModel: true, userId: 'u', plan: 'free', unlimited: false, usedToday: 1 }, quota))).toBe('research_quota_reached');
    expect(codeOf(() => decideAdmission({ hasModel: true, userId: 'u', plan: 'max', unlimited: true, usedToday: 1000 }, quota))).toBeNull();
  });

  test('a quota period is the UTC day', () => {
    expect(quotaPeriod(new Date('2026-03-04T23:59:59Z'))).toBe('2026-03-04');
  });
});

describe("a report's events", () => {
  const at = '2026-01-01T00:00:00.000Z';
  const fold = (events: ResearchEvent[]) => events.reduce(evolveResearch, initialResearch);
  const started = decideStart(initialResearch, { backend_uuid: 'b', context_uuid: 'c', user_id: 'u', question: 'q', step_count: 10, started_at: at });

  test('each is decided once: a step redone after a crash records nothing new', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 20 }), (numbers) => {
        let state = fold(started);
        const recorded: number[] = [];
        for (const number of numbers) {
          const events = decideStep(state, { backend_uuid: 'b', user_id: 'u', number, kind: 'searching', text: 't', at });
          recorded.push(...events.map((e) => e.data.number));
          state = events.reduce(evolveResearch, state);
        }
        // Strictly increasing: none twice, none going back.
        expect(recorded).toEqual([...new Set(recorded)].sort((a, b) => a - b));
      }),
    );
    expect(decideStart(fold(started), { backend_uuid: 'b', context_uuid: 'c', user_id: 'u', question: 'q', step_count: 10, started_at: at })).toEqual([]);
    const planned = decidePlanned(fold(started), { backend_uuid: 'b', user_id: 'u', sections: ['A'], step_count: 7, at });
    expect(planned).toHaveLength(1);
    expect(decidePlanned(fold([...started, ...planned]), { backend_uuid: 'b', user_id: 'u', sections: ['B'], step_count: 7, at })).toEqual([]);
  });

  test('an ended report takes no more steps and ends once', () => {
    const ended = fold([...started, ...decideEnd(fold(started), 'b', 'stopped', at)]);
    expect(ended.ended).toBe('stopped');
    expect(decideEnd(ended, 'b', 'completed', at)).toEqual([]);
    expect(decideStep(ended, { backend_uuid: 'b', user_id: 'u', number: 9, kind: 'writing', text: 't', at })).toEqual([]);
  });

  test('a step reads "Step N of M: …"', () => {
    expect(stepLine(3, 8, 'Reading 6 sources')).toBe('Step 3 of 8: reading 6 sources');
  });
});
