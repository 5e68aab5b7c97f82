// `/rest/notifications/stream`: the centre, live. The person's unread count and newest
// notification are read from the read model every second, so it works on any app instance; an
// `unread` event goes out at the start and whenever either changes. The stream ends when the
// client goes, or after 15 minutes (the client opens it again).
import type { Db } from '../db/database.js';
import type { SseStream } from '../http/sse.js';
import { centreMark } from './queries.js';

const POLL_MS = 1000;
const MAX_MS = 15 * 60 * 1000;

export async function streamCentre(db: Db, sse: SseStream, userId: string, opts: { pollMs?: number; maxMs?: number } = {}) {
  const started = Date.now();
  let last = '';
  let id = 0;
  let wake: (() => void) | undefined;
  sse.onClose(() => wake?.());
  try {
    while (!sse.closed && Date.now() - started < (opts.maxMs ?? MAX_MS)) {
      const mark = await centreMark(db, userId);
      const seen = `${mark.unread_count}|${mark.newest_id ?? ''}`;
      if (seen !== last) {
        last = seen;
        sse.send(id++, 'unread', mark);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.pollMs ?? POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    sse.end();
  }
}
