// The one client for the API's server-sent-event operations (an answer, an entry's events, index
// progress): fetch with the page's cookies, a problem+json answer before the stream thrown as
// ApiError (so callers read its `code`), then the text/event-stream framing by eventsource-parser.
// A caller that lost the connection reopens with `lastEventId`, sent as Last-Event-ID, and
// the server carries on after that event.
import { createParser } from 'eventsource-parser';
import { ApiError, problemOf } from './api-fetch';

/** One event; `event` is 'message' when the server named none, as EventSource has it. */
export type StreamMessage = { event: string; data: string; id?: string };

export type EventStreamRequest = {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** The id of the last event read, for resuming after it. */
  lastEventId?: string;
  signal?: AbortSignal;
};

export async function openEventStream(url: string, request: EventStreamRequest = {}): Promise<AsyncGenerator<StreamMessage>> {
  const { method = 'GET', body, lastEventId, signal } = request;
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw new ApiError(problemOf(response, await response.json().catch(() => null)));
  return readEventStream(response.body);
}

/** The events of a byte stream. The server closes it after the last event; the caller's signal aborts it earlier. */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamMessage> {
  const ready: StreamMessage[] = [];
  const parser = createParser({
    onEvent: (e) => ready.push({ event: e.event ?? 'message', data: e.data, ...(e.id !== undefined ? { id: e.id } : {}) }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let endsInCR = false;
  const feed = (text: string) => {
    if (text) endsInCR = text.endsWith('\r');
    parser.feed(text);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      yield* ready.splice(0);
    }
    feed(decoder.decode());
    // A CR at the very end is a line end; the parser waits for an LF that will not come.
    if (endsInCR) parser.feed('\n');
    yield* ready.splice(0);
  } finally {
    reader.releaseLock();
  }
}
