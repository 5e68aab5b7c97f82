// The index progress stream reads the followed files again when the event log says one may have
// changed, not on a timer: each test gives it a fallback read of ten minutes, so whatever it
// sends within the test, it was told to read.
import { expect, test, vi } from 'vitest';
import type { EventLogSignals } from '../eventstore/signals.js';
import type { SseStream } from '../http/sse.js';
import { streamIndexProgress } from './index-progress.js';

type Row = { file_uuid: string; filename: string; file_state: 'PROCESSING' | 'COMPLETE' | 'FAILED'; error: string | null };
const TEN_MINUTES = 600_000;

function fakeSignals() {
  const wakes = new Map<() => void, readonly string[] | undefined>();
  const signals: EventLogSignals = {
    onAppend(types, wake) {
      wakes.set(wake, types);
      return () => wakes.delete(wake);
    },
  };
  const say = (type: string) => {
    for (const [wake, types] of [...wakes]) if (!types || types.includes(type)) wake();
  };
  return { signals, say, listening: () => wakes.size };
}

function fakeStream() {
  const sent: { event: string; data: Record<string, unknown> }[] = [];
  let ended = false;
  const stream: SseStream = {
    get closed() {
      return ended;
    },
    send: (_id, event, data) => sent.push({ event, data: data as Record<string, unknown> }),
    sendData: () => {},
    end: () => {
      ended = true;
    },
    onClose: () => {},
  };
  return { stream, sent, ended: () => ended };
}

const file = { file_uuid: 'f1', filename: 'notes.md' };

test('a file that ends is sent when FileIndexed is said, and the stream ends and stops listening', async () => {
  const rows: Row[] = [{ ...file, file_state: 'PROCESSING', error: null }];
  const { signals, say, listening } = fakeSignals();
  const { stream, sent, ended } = fakeStream();
  const reads = vi.fn(async () => rows.map((r) => ({ ...r })));
  const done = streamIndexProgress({ read: reads, signals, fallbackMs: TEN_MINUTES }, stream, [file]);
  await vi.waitFor(() => expect(sent.map((s) => s.data.status)).toEqual(['processing']));
  say('ThreadCreated');
  rows[0].file_state = 'COMPLETE';
  say('FileIndexed');
  await done;
  expect(sent.map((s) => s.data.status)).toEqual(['processing', 'success']);
  expect(reads).toHaveBeenCalledTimes(2);
  expect(ended()).toBe(true);
  expect(listening()).toBe(0);
});

test('a signal said while the files are being read is not lost', async () => {
  const rows: Row[] = [{ ...file, file_state: 'PROCESSING', error: null }];
  const { signals, say } = fakeSignals();
  const { stream, sent } = fakeStream();
  let first = true;
  const read = async () => {
    const snapshot = rows.map((r) => ({ ...r }));
    if (first) {
      // The indexing commits after this read saw PROCESSING, before the stream waits.
      first = false;
      rows[0] = { ...rows[0], file_state: 'FAILED', error: 'Indexing failed: no text' };
      say('FileIndexFailed');
    }
    return snapshot;
  };
  await streamIndexProgress({ read, signals, fallbackMs: TEN_MINUTES }, stream, [file]);
  expect(sent.map((s) => [s.data.status, s.data.detail])).toEqual([
    ['processing', undefined],
    ['failure', 'Indexing failed: no text'],
  ]);
});

test('without a signal the fallback read still ends the stream', async () => {
  const rows: Row[] = [{ ...file, file_state: 'PROCESSING', error: null }];
  const { signals } = fakeSignals();
  const { stream, sent } = fakeStream();
  const done = streamIndexProgress({ read: async () => rows.map((r) => ({ ...r })), signals, fallbackMs: 20 }, stream, [file]);
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  rows[0].file_state = 'COMPLETE';
  await done;
  expect(sent.map((s) => s.data.status)).toEqual(['processing', 'success']);
});
