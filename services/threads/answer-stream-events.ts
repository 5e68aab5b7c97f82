// The answer's SSE events as they travel through the workflow's stream (spec: askQuestion).
import type { ProSearchStepsData, SourceData } from './events.js';

/**
 * What the engine is doing while no answer text has come yet ("Searching", "Reading 6 sources").
 * Shown live only: it is never in the recorded stream, so it takes no event `id` (the SSE
 * handler repeats the last one) and a resumed stream has none.
 */
export type AnswerStatus = {
  step: 'planning' | 'searching' | 'reading' | 'writing' | 'reflecting';
  text: string;
  sources_read?: number;
  /** With `searching` in a Pro Search, the searches being run. */
  queries?: string[];
  /** A Research report's step, and how many it takes ("Step 3 of 8"). */
  step_number?: number;
  step_count?: number;
};

export type AnswerStreamEvent =
  | { event: 'status'; data: AnswerStatus }
  | { event: 'pro_search'; data: ProSearchStepsData }
  | { event: 'sources'; data: { sources: SourceData[] } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'related'; data: { questions: string[] } }
  | { event: 'completed'; data: { backend_uuid: string; status: 'completed' | 'stopped' } }
  | { event: 'failed'; data: { backend_uuid: string; error: 'stream error'; detail: string } };

export const ANSWER_STREAM_KEY = 'events';
export const isFinal = (e: AnswerStreamEvent) => e.event === 'completed' || e.event === 'failed';

/**
 * What one value of the workflow's stream holds: an event, or the events emitted together while
 * the previous value was being written (one write instead of several). An event's `id` is still
 * its index among all events, whatever values they came in.
 */
export type AnswerStreamValue = AnswerStreamEvent | AnswerStreamEvent[];
export const eventsOf = (value: AnswerStreamValue): AnswerStreamEvent[] => (Array.isArray(value) ? value : [value]);
