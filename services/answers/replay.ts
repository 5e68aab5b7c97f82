// An answer's SSE events rebuilt from its thread's events, for an answer whose stream holds
// none: one written whole (its events are all in the thread, so its stream is never written) or
// one cut off before its first write. The same sequence the live answer sent: sources, the
// answer as one delta, related questions, then completed or failed.
import type { ThreadEvent, AnswerStreamEvent } from '../threads/index.js';

export function replayedAnswerEvents(threadEvents: readonly ThreadEvent[], backendUuid: string): AnswerStreamEvent[] {
  const out: AnswerStreamEvent[] = [];
  const delta = (text: string) => text && out.push({ event: 'delta', data: { text } });
  for (const e of threadEvents) {
    if (!('backend_uuid' in e.data) || e.data.backend_uuid !== backendUuid) continue;
    if (e.type === 'ProSearchStepsRecorded') out.push({ event: 'pro_search', data: e.data.steps });
    else if (e.type === 'AnswerSourcesFound') out.push({ event: 'sources', data: { sources: e.data.sources } });
    else if (e.type === 'AnswerCompleted') {
      delta(e.data.answer);
      out.push({ event: 'related', data: { questions: e.data.related_questions } });
      out.push({ event: 'completed', data: { backend_uuid: backendUuid, status: 'completed' } });
    } else if (e.type === 'AnswerStopped') {
      delta(e.data.answer);
      out.push({ event: 'completed', data: { backend_uuid: backendUuid, status: 'stopped' } });
    } else if (e.type === 'AnswerFailed') {
      delta(e.data.answer);
      out.push({ event: 'failed', data: { backend_uuid: backendUuid, error: 'stream error', detail: e.data.detail } });
    }
  }
  return out;
}
