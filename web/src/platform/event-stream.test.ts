// The event-stream client: the standard's framing (fields, comments, multi-line data, CR/LF/CRLF,
// ids) whatever the split of the byte stream, Last-Event-ID on a resume, and a problem+json
// answer before the stream as an ApiError.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-fetch';
import { openEventStream, readEventStream, type StreamMessage } from './event-stream';

const bytesStream = (parts: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(p);
      c.close();
    },
  });
const encode = (chunks: string[]) => chunks.map((c) => new TextEncoder().encode(c));
const collect = async (body: ReadableStream<Uint8Array>) => {
  const out: StreamMessage[] = [];
  for await (const m of readEventStream(body)) out.push(m);
  return out;
};
const parseAll = (chunks: string[]) => collect(bytesStream(encode(chunks)));

const collectAll = async (events: AsyncIterable<StreamMessage>) => {
  const out: StreamMessage[] = [];
  for await (const m of events) out.push(m);
  return out;
};

afterEach(() => vi.unstubAllGlobals());

describe('event-stream framing', () => {
  it('reads event, data and id fields; ignores comments and unknown fields', async () => {
    const text = ': keep-alive\nid: 0\nevent: thread\ndata: {"a":1}\nretry: 10\n\nid: 1\nevent: delta\ndata: {"text":"hi"}\n\n';
    expect(await parseAll([text])).toEqual([
      { event: 'thread', data: '{"a":1}', id: '0' },
      { event: 'delta', data: '{"text":"hi"}', id: '1' },
    ]);
  });

  it('joins multi-line data, defaults the event to "message", keeps a space after the first', async () => {
    expect(await parseAll(['data:one\ndata:  two\n\n'])).toEqual([{ event: 'message', data: 'one\n two' }]);
  });

  it('accepts CR, LF and CRLF line ends, even a CRLF split across chunks', async () => {
    expect(await parseAll(['event: a\r\ndata: 1\r', '\n\r\n', 'event: b\rdata: 2\r\r'])).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('drops a message not ended by a blank line, and a blank block without data', async () => {
    expect(await parseAll(['event: x\n\n', 'data: half'])).toEqual([]);
  });

  it('any split of the byte stream gives the same events (multi-byte text included)', async () => {
    const message = fc.record({
      event: fc.constantFrom('thread', 'sources', 'delta', 'related', 'completed', 'failed'),
      data: fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => JSON.stringify({ text: s })),
    });
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(message, eol), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), async (messages, cuts) => {
        const text = messages.map(([m, e], i) => `id: ${i}${e}event: ${m.event}${e}data: ${m.data}${e}${e}`).join('');
        const bytes = new TextEncoder().encode(text);
        const points = [...new Set(cuts.map((c) => (bytes.length ? c % (bytes.length + 1) : 0)))].sort((a, b) => a - b);
        const parts: Uint8Array[] = [];
        let last = 0;
        for (const p of [...points, bytes.length]) {
          parts.push(bytes.slice(last, p));
          last = p;
        }
        const expected = messages.map(([m], i) => ({ event: m.event, data: m.data, id: String(i) }));
        expect(await collect(bytesStream(parts))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('openEventStream', () => {
  it('resumes with Last-Event-ID and sends a body as JSON', async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push(new Request(new URL(url, 'http://app.test'), init));
      return new Response(bytesStream(encode(['id: 4\nevent: delta\ndata: {}\n\n'])), { headers: { 'content-type': 'text/event-stream' } });
    });
    const events = await openEventStream('/rest/threads/entries/b-1/events', { lastEventId: '3' });
    expect(await collectAll(events)).toEqual([{ event: 'delta', data: '{}', id: '4' }]);
    expect(seen[0]!.headers.get('last-event-id')).toBe('3');
    expect(seen[0]!.headers.get('accept')).toBe('text/event-stream');

    await openEventStream('/rest/threads/ask', { method: 'POST', body: { query_str: 'q' } });
    expect(seen[1]!.method).toBe('POST');
    expect(seen[1]!.headers.get('last-event-id')).toBeNull();
    expect(await seen[1]!.json()).toEqual({ query_str: 'q' });
  });

  it('throws the problem answered before the stream as an ApiError', async () => {
    const problem = { type: 'about:blank', title: 'Forbidden', status: 403, code: 'thread_private', detail: 'This answer is private.' };
    vi.stubGlobal('fetch', async () => Response.json(problem, { status: 403 }));
    const error = await openEventStream('/rest/threads/entries/b-1/events').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('thread_private');
  });
});
