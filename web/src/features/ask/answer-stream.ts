// The two server-sent-event operations of an answer (askQuestion, streamEntryEvents) on the app's
// one event-stream client, with their events typed from the spec. Paths and bodies are the
// generated SDK's types, so a change of the spec fails to compile here.
import type {
  AskQuestionData,
  AskRequest,
  CompletedEvent,
  DeltaEvent,
  FailedEvent,
  ProSearchSteps,
  RelatedEvent,
  Source,
  SourcesEvent,
  StatusEvent,
  StreamEntryEventsData,
  ThreadCreatedEvent,
} from '../../../../generated/sdk/types.gen';
import { openEventStream, type StreamMessage } from '../../platform/event-stream';

// The events of an answer (spec/components/schemas/*Event.yaml).
export type StreamSource = Source;
export type AnswerEvent =
  | { type: 'thread'; id?: string; data: ThreadCreatedEvent }
  | { type: 'status'; id?: string; data: StatusEvent }
  | { type: 'pro_search'; id?: string; data: ProSearchSteps }
  | { type: 'sources'; id?: string; data: SourcesEvent }
  | { type: 'delta'; id?: string; data: DeltaEvent }
  | { type: 'related'; id?: string; data: RelatedEvent }
  | { type: 'completed'; id?: string; data: CompletedEvent }
  | { type: 'failed'; id?: string; data: FailedEvent };

export type AskBody = AskRequest;

const KNOWN = new Set(['thread', 'status', 'pro_search', 'sources', 'delta', 'related', 'completed', 'failed']);
const ASK_PATH: AskQuestionData['url'] = '/rest/threads/ask';
const ENTRY_EVENTS_PATH: StreamEntryEventsData['url'] = '/rest/threads/entries/{backend_uuid}/events';

async function* answerEvents(messages: AsyncIterable<StreamMessage>): AsyncGenerator<AnswerEvent> {
  for await (const m of messages) {
    if (!KNOWN.has(m.event)) continue;
    yield { type: m.event, id: m.id, data: JSON.parse(m.data) } as AnswerEvent;
  }
}

/** POST /rest/threads/ask: starts or continues a thread and streams the answer. */
export async function askQuestion(body: AskBody, signal?: AbortSignal) {
  return answerEvents(await openEventStream(ASK_PATH, { method: 'POST', body, signal }));
}

/** GET /rest/threads/entries/{backend_uuid}/events: an entry's events, after `lastEventId` when given. */
export async function streamEntryEvents(backendUuid: string, lastEventId?: string, signal?: AbortSignal) {
  const url = ENTRY_EVENTS_PATH.replace('{backend_uuid}', encodeURIComponent(backendUuid));
  return answerEvents(await openEventStream(url, { lastEventId, signal }));
}
