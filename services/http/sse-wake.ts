// How a live stream waits between two reads of its read model: it listens for the change first
// (before its first read, so a change that commits while it reads is not missed), then after each
// read waits until told, until the client goes, or until a fallback read is due.
import type { SseStream } from './sse.js';

export type StreamWake = {
  /** Resolves at once when told since the last call; otherwise when told, when the stream closes, or after `ms`. */
  next(ms: number): Promise<void>;
  /** Stops listening. */
  stop(): void;
};

/** `listen` subscribes a callback to the change and returns its unsubscribe. */
export function streamWake(sse: SseStream, listen: (told: () => void) => () => void): StreamWake {
  let said = false;
  let wake: (() => void) | undefined;
  const stop = listen(() => {
    said = true;
    wake?.();
  });
  sse.onClose(() => wake?.());
  return {
    async next(ms) {
      if (!said && !sse.closed)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      wake = undefined;
      said = false;
    },
    stop,
  };
}
