// A synced file whose sharing changed at its source while its content did not (services/connectors'
// delta): its readers change in place, without fetching or indexing it again. Its passages follow
// through the passage feed (file-passages.ts), in the same transaction as the event.
import { ConcurrencyError } from '../eventstore/types.js';
import type { FilesContext } from './context.js';
import { decideReadersChange } from './decide.js';
import { evolveFile, fileStream, NO_FILE } from './events.js';
import { own } from './tables.js';

export type ReadersDeps = Pick<FilesContext, 'db' | 'store' | 'now'>;

const ATTEMPTS = 3;

/**
 * Who may read a synced file now, as the passage index's principal keys (null: everyone who may
 * read its repository). Answers whether anything changed; throws the files domain's error for a
 * file that is gone or was not synced from a connector. Safe to run again.
 */
export async function changeSyncedFileReaders(deps: ReadersDeps, fileUuid: string, readers: readonly string[] | null): Promise<'changed' | 'unchanged'> {
  const stream = fileStream(fileUuid);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        // Takes turns with an indexing result of the same file (recordOutcome locks the same row).
        await own(trx).selectFrom('files').select('file_uuid').where('file_uuid', '=', fileUuid).forUpdate().executeTakeFirst();
        const { state, version } = await deps.store.aggregate(stream, NO_FILE, evolveFile, trx);
        const events = decideReadersChange(state, readers, deps.now());
        if (!events.length) return 'unchanged';
        await deps.store.append(stream, version, events, trx);
        return 'changed';
      });
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw err;
    }
  }
}
