// `/rest/sse/index_files`: a `message` per change of each followed file (processing, then
// success or failure), read from the read model every 250 ms so it works on any instance. The
// stream ends when every file is done, when the client goes, or after 15 minutes.
import type { Db } from '../db/database.js';
import type { SseStream } from '../http/sse.js';
import { filesByUuid, type FileRow } from './queries.js';

export const INDEXING_FAILED = 'Indexing failed';
const POLL_MS = 250;
const MAX_MS = 15 * 60 * 1000;

type Progress = { file_uuid: string; filename: string; status: 'processing' | 'success' | 'failure'; error?: string; detail?: string };

function progressOf(row: FileRow | undefined, uuid: string, filename: string): Progress {
  if (!row) return { file_uuid: uuid, filename, status: 'failure', error: INDEXING_FAILED, detail: 'The file was deleted.' };
  if (row.file_state === 'PROCESSING') return { file_uuid: uuid, filename: row.filename, status: 'processing' };
  if (row.file_state === 'COMPLETE') return { file_uuid: uuid, filename: row.filename, status: 'success' };
  return { file_uuid: uuid, filename: row.filename, status: 'failure', error: INDEXING_FAILED, detail: row.error ?? undefined };
}

export async function streamIndexProgress(db: Db, sse: SseStream, files: { file_uuid: string; filename: string }[]) {
  const last = new Map<string, string>();
  let id = 0;
  const started = Date.now();
  try {
    while (!sse.closed && Date.now() - started < MAX_MS) {
      const rows = new Map(
        (
          await filesByUuid(
            db,
            files.map((f) => f.file_uuid),
          )
        ).map((r) => [r.file_uuid, r]),
      );
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
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    sse.end();
  }
}
