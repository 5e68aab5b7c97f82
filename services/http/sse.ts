// Server-sent events: `id:` (the event's index), `event:` and one `data:` line of JSON per event,
// flushed as written. A heartbeat comment keeps idle proxies from closing the connection.
import type { Response } from 'express';

/** What a handler writes a stream with: events, the end, and what to do when the client goes. */
export type SseStream = {
  readonly closed: boolean;
  send(id: number, event: string, data: unknown): void;
  /** A bare `data:` line, no id nor event name, as OpenAI's streams are: JSON, or text as it is (`[DONE]`). */
  sendData(data: unknown): void;
  end(): void;
  /** Runs `listener` once the connection closes (the client went away, or the stream ended). */
  onClose(listener: () => void): void;
};

export function openSse(res: Response, heartbeatMs = 15_000): SseStream {
  // What one tick writes (the headers with the first event, a burst of events) leaves in one
  // socket write: under load each system call counts.
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    res.uncork();
  };
  const cork = () => {
    if (corked) return;
    corked = true;
    res.cork();
    process.nextTick(uncork);
  };
  res.status(200);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache, no-transform');
  res.setHeader('x-accel-buffering', 'no');
  cork();
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
  return {
    get closed() {
      return res.destroyed || res.writableEnded;
    },
    send(id: number, event: string, data: unknown) {
      if (this.closed) return;
      cork();
      res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    sendData(data: unknown) {
      if (this.closed) return;
      cork();
      res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      // Ending a corked response drops what it holds: uncork first.
      uncork();
      if (!res.writableEnded) res.end();
    },
    onClose(listener) {
      res.on('close', listener);
    },
  };
}
