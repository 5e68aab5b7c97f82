import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type AnswerStreamEvent, type AnswerStreamValue, eventsOf } from '../threads/index.js';
import { createStreamWriter } from './stream-writer.js';

const delta = (text: string): AnswerStreamEvent => ({ event: 'delta', data: { text } });
const completed: AnswerStreamEvent = { event: 'completed', data: { backend_uuid: 'b', status: 'completed' } };

/** A stream whose writes finish only when the test says so. */
function slowStream() {
  const written: AnswerStreamValue[] = [];
  const waiting: (() => void)[] = [];
  return {
    written,
    write: (value: AnswerStreamValue) =>
      new Promise<void>((resolve) =>
        waiting.push(() => {
          written.push(value);
          resolve();
        }),
      ),
    /** Finishes the writes under way, letting the writer start its next one. */
    finish: async () => {
      await new Promise((r) => setTimeout(r, 0));
      for (const done of waiting.splice(0)) done();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

test("a tick's events go in one write; events emitted during a write go in the next one", async () => {
  const stream = slowStream();
  const shown: AnswerStreamEvent[] = [];
  const writer = createStreamWriter(stream.write, (e) => shown.push(e));
  await writer.emit(delta('a'));
  await writer.emit(delta('b'));
  await new Promise((r) => setTimeout(r, 0));
  await writer.emit(delta('c'));
  await writer.emit(completed);
  expect(shown).toEqual([]);
  await stream.finish();
  expect(shown).toEqual([delta('a'), delta('b')]);
  await stream.finish();
  await writer.flush();
  expect(stream.written).toEqual([
    [delta('a'), delta('b')],
    [delta('c'), completed],
  ]);
  expect(shown).toEqual([delta('a'), delta('b'), delta('c'), completed]);
  expect(writer.ended).toBe(true);
});

test('an event the thread already holds is shown at once, unless an unshown one is ahead of it', async () => {
  const stream = slowStream();
  const shown: AnswerStreamEvent[] = [];
  const writer = createStreamWriter(stream.write, (e) => shown.push(e));
  await writer.emit(delta('kept'), { inThread: true });
  expect(shown).toEqual([delta('kept')]);
  await stream.finish();
  await writer.emit(delta('only in the stream'));
  await writer.emit(completed, { inThread: true });
  // `completed` waits behind the delta, which waits for its write.
  expect(shown).toEqual([delta('kept')]);
  await stream.finish();
  await writer.flush();
  expect(shown).toEqual([delta('kept'), delta('only in the stream'), completed]);
});

test('a failed write is not shown, and fails the flush once', async () => {
  const shown: AnswerStreamEvent[] = [];
  const writer = createStreamWriter(
    () => Promise.reject(new Error('database down')),
    (e) => shown.push(e),
  );
  await writer.emit(delta('lost'));
  await expect(writer.flush()).rejects.toThrow('database down');
  await writer.flush();
  expect(shown).toEqual([]);
  expect(writer.ended).toBe(false);
});

test('whatever the timing, every event is written and shown once, in order', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ pause: fc.boolean(), inThread: fc.boolean(), finish: fc.boolean() }), { minLength: 1, maxLength: 20 }),
      async (steps) => {
        const stream = slowStream();
        const shown: AnswerStreamEvent[] = [];
        const writer = createStreamWriter(stream.write, (e) => shown.push(e));
        const events = steps.map((_, i) => delta(String(i)));
        for (const [i, s] of steps.entries()) {
          await writer.emit(events[i], { inThread: s.inThread });
          if (s.pause) await new Promise((r) => setTimeout(r, 0));
          if (s.finish) await stream.finish();
          // Shown events are always a prefix of the emitted ones.
          expect(events.slice(0, shown.length)).toEqual(shown);
        }
        const flushing = writer.flush();
        while (stream.written.flatMap(eventsOf).length < events.length) await stream.finish();
        await flushing;
        expect(stream.written.flatMap(eventsOf)).toEqual(events);
        expect(shown).toEqual(events);
      },
    ),
    { numRuns: 50 },
  );
});
