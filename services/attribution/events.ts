// Attribution events: what marketing is told of a person (seed 002 §7 Attribution). Each is a
// record on the person's stream (a signed-in person's, else their browser's visitor id).
import type { StoredEvent } from '../eventstore/types.js';

export type AttributionOwner = { user_id: string | null; visitor_id: string };

/** How a Dub lead went: sent and accepted, not sent (no DUB_API_KEY), or refused or unreachable. */
export type DubOutcome = 'sent' | 'not_configured' | 'failed';
export type DubLeadRecorded = {
  type: 'DubLeadRecorded';
  data: {
    user_id: string;
    event_name: string;
    is_deferred: boolean;
    click_id: string | null;
    /** The promotion cookie's code when the lead was reported. */
    promotion: string | null;
    outcome: DubOutcome;
    recorded_at: string;
  };
};
export type CometSessionRecorded = {
  type: 'CometSessionRecorded';
  data: AttributionOwner & { session_id: string; platform: 'win_x64' | 'mac_arm64' | null; browser_version: string | null; recorded_at: string };
};
export type CometEventRecorded = {
  type: 'CometEventRecorded';
  data: AttributionOwner & { event_name: string; properties: Record<string, string | number | boolean>; recorded_at: string };
};
/** The seed's query counts that trigger attribution events, and the assistant browser's first and third. */
export type QueryMilestone = 'query_1' | 'query_3' | 'query_5' | 'query_10' | 'assistant_query_1' | 'assistant_query_3';
export type QueryMilestoneReached = {
  type: 'QueryMilestoneReached';
  data: AttributionOwner & { milestone: QueryMilestone; backend_uuid: string; reached_at: string };
};
export type AttributionEvent = DubLeadRecorded | CometSessionRecorded | CometEventRecorded | QueryMilestoneReached;

export const attributionStream = (owner: AttributionOwner) => (owner.user_id ? `attribution-user-${owner.user_id}` : `attribution-visitor-${owner.visitor_id}`);

/** What decide() needs of a person's stream: the milestones already recorded. */
export type AttributionState = { milestones: ReadonlySet<QueryMilestone> };
export const initialAttribution: AttributionState = { milestones: new Set() };
export function evolveAttribution(state: AttributionState, event: StoredEvent): AttributionState {
  if (event.type !== 'QueryMilestoneReached') return state;
  return { milestones: new Set([...state.milestones, (event.data as QueryMilestoneReached['data']).milestone]) };
}
