import { describe, expect, test } from 'vitest';
import { decider } from '../../tests/support/decider.js';
import { decideDubLead, decideQueryMilestones } from './decide.js';
import { evolveAttribution, initialAttribution, type QueryMilestone } from './events.js';

const now = new Date('2026-03-04T05:06:07.000Z');
const owner = { user_id: 'u1', visitor_id: 'v1' };
const person = decider(evolveAttribution, initialAttribution, 'attribution-user-u1');
const reachedEvent = (milestone: QueryMilestone, backend_uuid = 'b0') => ({
  type: 'QueryMilestoneReached',
  data: { ...owner, milestone, backend_uuid, reached_at: now.toISOString() },
});
const ask = (questions: number, assistantQuestions = 0, fromAssistant = false) => ({
  backend_uuid: `b${questions}`,
  questions,
  assistantQuestions,
  fromAssistant,
});

describe('query milestones (seed 002 §7: 1, 3, 5, 10, and the assistant browser first and third query)', () => {
  test.each([1, 3, 5, 10])('the %i-th question reaches query_%i', (n) => {
    person
      .given()
      .when((s) => decideQueryMilestones(s, owner, ask(n), now))
      .then([reachedEvent(`query_${n}` as QueryMilestone, `b${n}`)]);
  });

  test.each([2, 4, 6, 9, 11, 100])('the %i-th question reaches none', (n) => {
    person
      .given()
      .when((s) => decideQueryMilestones(s, owner, ask(n), now))
      .then([]);
  });

  test("the assistant browser's first question reaches both query_1 and assistant_query_1", () => {
    person
      .given()
      .when((s) => decideQueryMilestones(s, owner, ask(1, 1, true), now))
      .then([reachedEvent('query_1', 'b1'), reachedEvent('assistant_query_1', 'b1')]);
  });

  test("the assistant browser's third question reaches assistant_query_3, whatever the person's total", () => {
    person
      .given([reachedEvent('query_1'), reachedEvent('query_3'), reachedEvent('query_5'), reachedEvent('assistant_query_1')])
      .when((s) => decideQueryMilestones(s, owner, { backend_uuid: 'b7', questions: 7, assistantQuestions: 3, fromAssistant: true }, now))
      .then([reachedEvent('assistant_query_3', 'b7')]);
  });

  test('an assistant count of 3 from a web question is no assistant milestone (it was reached by the browser question before)', () => {
    expect(decideQueryMilestones(initialAttribution, owner, { backend_uuid: 'b4', questions: 4, assistantQuestions: 3, fromAssistant: false }, now)).toEqual(
      [],
    );
  });

  test('a milestone recorded once is never recorded again', () => {
    person
      .given([reachedEvent('query_3')])
      .when((s) => decideQueryMilestones(s, owner, ask(3), now))
      .then([]);
  });
});

describe('a Dub lead', () => {
  const input = { event_name: 'Sign Up', is_deferred: false, click_id: 'clk_1', nextauth_user_id: 'u1' };

  test('is recorded with its outcome and the promotion it came with', () => {
    expect(decideDubLead('u1', input, 'SPRING', 'sent', now)).toEqual([
      {
        type: 'DubLeadRecorded',
        data: {
          user_id: 'u1',
          event_name: 'Sign Up',
          is_deferred: false,
          click_id: 'clk_1',
          promotion: 'SPRING',
          outcome: 'sent',
          recorded_at: now.toISOString(),
        },
      },
    ]);
  });

  test("is refused for someone else's id", () => {
    expect(() => decideDubLead('u2', input, null, 'not_configured', now)).toThrow(expect.objectContaining({ kind: 'forbidden', code: 'not_your_user_id' }));
  });
});
