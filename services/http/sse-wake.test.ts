import { afterEach, expect, test, vi } from 'vitest';
import type { SseStream } from './sse.js';
import { streamWake } from './sse-wake.js';

function fakeStream() {
  let closed = false;
  const onClose: (() => void)[] = [];
  const sse: SseStream = {
    get closed() {
      return closed;
    },
    send: () => {},
    sendData: () => {},
    end: () => {},
    onClose: (listener) => onClose.push(listener),
  };
  return {
    sse,
    close: () => {
      closed = true;
      for (const l of onClose) l();
    },
  };
}

function fakeChange() {
  const told = new Set<() => void>();
  const listen = (t: () => void) => {
    told.add(t);
    return () => told.delete(t);
  };
  const say = () => {
    for (const t of told) t();
  };
  return { listen, say, listening: () => told.size };
}

afterEach(() => {
  vi.useRealTimers();
});

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

test('waits until told, and is told of a change said before it waits', async () => {
  vi.useFakeTimers();
  const { sse } = fakeStream();
  const change = fakeChange();
  const wake = streamWake(sse, change.listen);
  const waiting = wake.next(60_000);
  expect(await settled(waiting)).toBe(false);
  change.say();
  expect(await settled(waiting)).toBe(true);
  // Said while the stream was reading: the next wait returns at once, once.
  change.say();
  expect(await settled(wake.next(60_000))).toBe(true);
  expect(await settled(wake.next(60_000))).toBe(false);
});

test('the fallback read comes after `ms`, and a closing stream ends the wait; stop stops listening', async () => {
  vi.useFakeTimers();
  const { sse, close } = fakeStream();
  const change = fakeChange();
  const wake = streamWake(sse, change.listen);
  const fallback = wake.next(5000);
  await vi.advanceTimersByTimeAsync(4999);
  expect(await settled(fallback)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(fallback)).toBe(true);
  const waiting = wake.next(60_000);
  close();
  expect(await settled(waiting)).toBe(true);
  expect(await settled(wake.next(60_000))).toBe(true);
  wake.stop();
  expect(change.listening()).toBe(0);
});
