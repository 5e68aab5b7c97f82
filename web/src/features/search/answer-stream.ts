// The two server-sent-event operations of the answer stream (askQuestion, streamEntryEvents),
// which the generated React Query hooks leave out, and the SSE parser they share. The only
// code besides api-fetch.ts that calls the API directly.
import type { CompletedEvent, DeltaEvent, FailedEvent, RelatedEvent, Source, SourcesEvent, ThreadCreatedEvent } from '../../../../generated/sdk/types.gen';
import { ApiError, type Problem } from '../../app/api-fetch';

export type SseMessage = { event: string; data: string; id?: string };

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML §9.2): feed it chunks of
 * text split anywhere (even inside a CRLF) and it returns the complete messages so far.
 */
export function createSseParser() {
  let buffer = '';
  let pendingCR = false;
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let hasData = false;

  const line = (text: string, out: SseMessage[]) => {
    if (text === '') {
      if (hasData) out.push({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
      event = '';
      data = [];
      hasData = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      let text = chunk;
      // A CR at the end of the last chunk was a line end; drop its LF if this chunk starts with one.
      if (pendingCR && text.startsWith('\n')) text = text.slice(1);
      pendingCR = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCR = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** The id of the last message (for Last-Event-ID). */
    get lastId() {
      return id;
    },
  };
}

/** Parses a byte stream into messages; the decoder keeps multi-byte characters split across chunks. */
export async function* parseSseStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    // A message not ended by a blank line at the end of the stream is dropped, as the standard says.
    yield* parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}

// The events of an answer, typed from the spec (spec/components/schemas/*Event.yaml).
export type StreamSource = Source;
export type AnswerEvent =
  | { type: 'thread'; id?: string; data: ThreadCreatedEvent }
  | { type: 'sources'; id?: string; data: SourcesEvent }
  | { type: 'delta'; id?: string; data: DeltaEvent }
  | { type: 'related'; id?: string; data: RelatedEvent }
  | { type: 'completed'; id?: string; data: CompletedEvent }
  | { type: 'failed'; id?: string; data: FailedEvent };

const KNOWN = new Set(['thread', 'sources', 'delta', 'related', 'completed', 'failed']);

export type AskBody = {
  query_str: string;
  context_uuid?: string;
  frontend_context_uuid?: string;
  search_mode?: string;
  model_preference?: string;
  incognito?: boolean;
  collection_uuid?: string;
};

async function open(url: string, init: RequestInit): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch(url, { credentials: 'same-origin', ...init, headers: { accept: 'text/event-stream', ...init.headers } });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => null);
    const problem: Problem =
      body && typeof body === 'object' && 'code' in body
        ? (body as Problem)
        : { type: 'about:blank', title: response.statusText, status: response.status, code: 'http_error' };
    throw new ApiError(problem);
  }
  return response.body;
}

async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<AnswerEvent> {
  for await (const m of parseSseStream(body)) {
    if (!KNOWN.has(m.event)) continue;
    yield { type: m.event, id: m.id, data: JSON.parse(m.data) } as AnswerEvent;
  }
}

/** POST /rest/threads/ask: starts or continues a thread and streams the answer. */
export async function askQuestion(body: AskBody, signal?: AbortSignal) {
  return events(await open('/rest/threads/ask', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, signal }));
}

/** GET /rest/threads/entries/{backend_uuid}/events: an entry's events, after `lastEventId` when given. */
export async function streamEntryEvents(backendUuid: string, lastEventId?: string, signal?: AbortSignal) {
  const headers: Record<string, string> = lastEventId !== undefined ? { 'last-event-id': lastEventId } : {};
  return events(await open(`/rest/threads/entries/${encodeURIComponent(backendUuid)}/events`, { method: 'GET', headers, signal }));
}
