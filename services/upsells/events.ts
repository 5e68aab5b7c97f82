// What happened to the upsells one person or visitor was served: each showing of a counted one,
// and the click that marks one as interacted. One stream per person (or per visitor before they
// sign in), so marks never mix between callers.
import type { StoredEvent } from '../eventstore/types.js';

/** Whose marks: the signed-in person, else the browser's visitor id. */
export type UpsellSubject = { kind: 'user' | 'visitor'; id: string };
export const subjectKey = (s: UpsellSubject) => `${s.kind}:${s.id}`;
export const upsellStream = (s: UpsellSubject) => `upsells-${s.kind}-${s.id}`;

type Mark = { subject: string; upsell_name: string; upsell_instance_identifier: string };
export type UpsellImpressionRecorded = { type: 'UpsellImpressionRecorded'; data: Mark & { shown_at: string } };
/** `app_location`: where it was clicked, so clicks are tracked by location (seed 002 §4). */
export type UpsellInteracted = { type: 'UpsellInteracted'; data: Mark & { app_location: string; interacted_at: string } };
export type UpsellEvent = UpsellImpressionRecorded | UpsellInteracted;

export const UPSELL_EVENTS = ['UpsellImpressionRecorded', 'UpsellInteracted'] as const satisfies readonly UpsellEvent['type'][];

/** Per upsell name: how many times it was shown (counted ones only) and whether it was clicked. */
export type UpsellMarks = Record<string, { impressions: number; interacted: boolean }>;

export function evolveUpsellMarks(state: UpsellMarks, event: StoredEvent | UpsellEvent): UpsellMarks {
  const e = event as UpsellEvent;
  if (e.type !== 'UpsellImpressionRecorded' && e.type !== 'UpsellInteracted') return state;
  const now = state[e.data.upsell_name] ?? { impressions: 0, interacted: false };
  const next = e.type === 'UpsellInteracted' ? { ...now, interacted: true } : { ...now, impressions: now.impressions + 1 };
  return { ...state, [e.data.upsell_name]: next };
}
