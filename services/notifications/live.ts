// `/rest/notifications/stream`: the centre, live. The person's unread count and newest
// notification are read from the read model when the centre changes (centre-signals.ts, on any
// app instance) and at least every 30 s besides; an `unread` event goes out at the start and
// whenever either changed. The stream ends when the client goes, or after 15 minutes (the client
// opens it again).
import type { Db } from '../db/database.js';
import type { SseStream } from '../http/sse.js';
import { streamWake } from '../http/sse-wake.js';
import type { CentreSignals } from './centre-signals.js';
import { centreMark } from './queries.js';

const FALLBACK_READ_MS = 30_000;
const MAX_MS = 15 * 60 * 1000;

export async function streamCentre(db: Db, signals: CentreSignals, sse: SseStream, userId: string, opts: { fallbackReadMs?: number; maxMs?: number } = {}) {
  const started = Date.now();
  let last = '';
  let id = 0;
  const wake = streamWake(sse, (told) => signals.onChange(userId, told));
  try {
    while (!sse.closed && Date.now() - started < (opts.maxMs ?? MAX_MS)) {
      const mark = await centreMark(db, userId);
      const seen = `${mark.unread_count}|${mark.newest_id ?? ''}`;
      if (seen !== last) {
        last = seen;
        sse.send(id++, 'unread', mark);
      }
      // A change said while the mark was being read is read at once.
      await wake.next(opts.fallbackReadMs ?? FALLBACK_READ_MS);
    }
  } finally {
    wake.stop();
    sse.end();
  }
}
