// Attribution rules: pure, the clock passed in.
import { attributionErrors } from './errors.js';
import type { AttributionOwner, AttributionState, DubLeadRecorded, DubOutcome, QueryMilestone, QueryMilestoneReached } from './events.js';

/** Seed 002 §7: "Query counts that trigger attribution events: 1, 3, 5, 10, and the assistant browser first and third query." */
export const QUERY_MILESTONES = [1, 3, 5, 10] as const;
export const ASSISTANT_QUERY_MILESTONES = [1, 3] as const;

export type DubLeadInput = { event_name: string; is_deferred: boolean; click_id: string | null; nextauth_user_id: string };

/** Only the signed-in person's own id may be reported. */
export function checkDubLead(signedInUserId: string, input: DubLeadInput) {
  if (input.nextauth_user_id !== signedInUserId) throw attributionErrors.notYourUserId();
}

export function decideDubLead(userId: string, input: DubLeadInput, promotion: string | null, outcome: DubOutcome, now: Date): DubLeadRecorded[] {
  checkDubLead(userId, input);
  return [
    {
      type: 'DubLeadRecorded',
      data: {
        user_id: userId,
        event_name: input.event_name,
        is_deferred: input.is_deferred,
        click_id: input.click_id,
        promotion,
        outcome,
        recorded_at: now.toISOString(),
      },
    },
  ];
}

/**
 * The milestones a question reaches: `questions` and `assistantQuestions` are the person's counts
 * including this question (the assistant count only grows for a question from the assistant
 * browser). A milestone already recorded is never recorded again (a count that went back and
 * up again, or a replayed question).
 */
export function decideQueryMilestones(
  state: AttributionState,
  owner: AttributionOwner,
  ask: { backend_uuid: string; questions: number; assistantQuestions: number; fromAssistant: boolean },
  now: Date,
): QueryMilestoneReached[] {
  const reached: QueryMilestone[] = [];
  if ((QUERY_MILESTONES as readonly number[]).includes(ask.questions)) reached.push(`query_${ask.questions}` as QueryMilestone);
  if (ask.fromAssistant && (ASSISTANT_QUERY_MILESTONES as readonly number[]).includes(ask.assistantQuestions))
    reached.push(`assistant_query_${ask.assistantQuestions}` as QueryMilestone);
  return reached
    .filter((m) => !state.milestones.has(m))
    .map((milestone) => ({
      type: 'QueryMilestoneReached',
      data: { user_id: owner.user_id, visitor_id: owner.visitor_id, milestone, backend_uuid: ask.backend_uuid, reached_at: now.toISOString() },
    }));
}
