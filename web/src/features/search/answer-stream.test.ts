// The SSE parser: the standard's framing (fields, comments, multi-line data, CR/LF/CRLF, ids),
// and that any split of the byte stream into chunks gives the same events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, parseSseStream, type SseMessage } from './answer-stream';

const parseAll = (chunks: string[]) => {
  const p = createSseParser();
  return chunks.flatMap((c) => p.push(c));
};
const bytesStream = (parts: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      parts.forEach((p) => c.enqueue(p));
      c.close();
    },
  });
const collect = async (body: ReadableStream<Uint8Array>) => {
  const out: SseMessage[] = [];
  for await (const m of parseSseStream(body)) out.push(m);
  return out;
};

describe('SSE parser', () => {
  it('reads event, data and id fields; ignores comments and unknown fields', () => {
    const text = ': keep-alive\nid: 0\nevent: thread\ndata: {"a":1}\nretry: 10\n\nid: 1\nevent: delta\ndata: {"text":"hi"}\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'thread', data: '{"a":1}', id: '0' },
      { event: 'delta', data: '{"text":"hi"}', id: '1' },
    ]);
  });

  it('joins multi-line data, defaults the event to "message", keeps a space after the first', () => {
    expect(parseAll(['data:one\ndata:  two\n\n'])).toEqual([{ event: 'message', data: 'one\n two' }]);
  });

  it('accepts CR, LF and CRLF line ends, even a CRLF split across chunks', () => {
    expect(parseAll(['event: a\r\ndata: 1\r', '\n\r\n', 'event: b\rdata: 2\r\r'])).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('drops a message not ended by a blank line, and a blank block without data', () => {
    expect(parseAll(['event: x\n\n', 'data: half'])).toEqual([]);
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
