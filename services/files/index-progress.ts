// `/rest/sse/index_files`: a `message` per change of each followed file (processing, then
// success or failure), read from the read model whenever the event log says a file was indexed,
// failed or deleted (on any instance: services/eventstore/signals.ts), and at least every few
// seconds in case a signal was lost. The stream ends when every file is done, when the client
// goes, or after 15 minutes.
import type { EventLogSignals } from '../eventstore/signals.js';
import type { SseStream } from '../http/sse.js';
import { streamWake } from '../http/sse-wake.js';
import type { FileRow } from './queries.js';

export const INDEXING_FAILED = 'Indexing failed';
/** The events after which a followed file may have changed state. */
const PROGRESS_TYPES = ['FileIndexed', 'FileIndexFailed', 'FileDeleted'] as const;
/** A read anyway when nothing was said: a lost signal delays a file's end by at most this. */
const FALLBACK_MS = 5000;
const MAX_MS = 15 * 60 * 1000;

type Progress = { file_uuid: string; filename: string; status: 'processing' | 'success' | 'failure'; error?: string; detail?: string };

function progressOf(row: Pick<FileRow, 'filename' | 'file_state' | 'error'> | undefined, uuid: string, filename: string): Progress {
  if (!row) return { file_uuid: uuid, filename, status: 'failure', error: INDEXING_FAILED, detail: 'The file was deleted.' };
  if (row.file_state === 'PROCESSING') return { file_uuid: uuid, filename: row.filename, status: 'processing' };
  if (row.file_state === 'COMPLETE') return { file_uuid: uuid, filename: row.filename, status: 'success' };
  return { file_uuid: uuid, filename: row.filename, status: 'failure', error: INDEXING_FAILED, detail: row.error ?? undefined };
}

/** The followed files' rows as they are now (the read model), and how long to wait at most for a signal. */
export type ProgressSource = {
  read: (uuids: string[]) => Promise<Pick<FileRow, 'file_uuid' | 'filename' | 'file_state' | 'error'>[]>;
  signals: EventLogSignals;
  fallbackMs?: number;
};

export async function streamIndexProgress(source: ProgressSource, sse: SseStream, files: { file_uuid: string; filename: string }[]) {
  const { signals, fallbackMs = FALLBACK_MS } = source;
  const last = new Map<string, string>();
  let id = 0;
  const started = Date.now();
  const wake = streamWake(sse, (told) => signals.onAppend(PROGRESS_TYPES, told));
  try {
    while (!sse.closed && Date.now() - started < MAX_MS) {
      const rows = new Map((await source.read(files.map((f) => f.file_uuid))).map((r) => [r.file_uuid, r]));
      let pending = 0;
      for (const f of files) {
        const p = progressOf(rows.get(f.file_uuid), f.file_uuid, f.filename);
        if (p.status === 'processing') pending++;
        const seen = `${p.status}|${p.detail ?? ''}`;
        if (last.get(f.file_uuid) === seen) continue;
        last.set(f.file_uuid, seen);
        sse.send(id++, 'message', p);
      }
      if (pending === 0) break;
      await wake.next(fallbackMs);
    }
  } finally {
    wake.stop();
    sse.end();
  }
}
