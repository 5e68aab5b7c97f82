// A connection given thousands of synced items at once, as its syncs would have recorded them:
// folders, and every `fileEvery`-th item a file imported through files' index.ts (stored in the
// server's data folder; the server indexes it), each item found and synced. The removal's tests need that many without
// syncing each one through a provider fake.
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { projections } from '../../services/app/projections.js';
import { importFile } from '../../services/files/index.js';
import { itemStream } from '../../services/connectors/items.js';
import { EventStore } from '../../services/eventstore/store.js';
import { pickedItemFound, syncedFilesDeps } from './connector-rows.js';
import { testDb } from './database.js';

export type Seeded = { items: string[]; files: string[] };

export async function seedSyncedItems(opts: {
  databaseUrl: string;
  dataDir: string;
  connectionUuid: string;
  userId: string;
  count: number;
  fileEvery: number;
}): Promise<Seeded> {
  const db = testDb(opts.databaseUrl, 8);
  const store = new EventStore(db, projections);
  const files = syncedFilesDeps(db, store, opts.dataDir);
  const repository = { type: 'USER' as const, owner_id: opts.userId };
  const seeded: Seeded = { items: [], files: [] };
  const limit = pLimit(8);
  try {
    const fileOf = await Promise.all(
      Array.from({ length: opts.count }, (_, n) =>
        n % opts.fileEvery
          ? null
          : limit(async () => {
              const made = await importFile(files, {
                repository,
                file_uuid: null,
                filename: `seeded-${n}.txt`,
                bytes: Buffer.from(`Seeded note ${n}.`),
                uploaded_by: opts.userId,
                uploader_email: 'seed@example.com',
              });
              return made.file_uuid;
            }),
      ),
    );
    // The items a hundred to a transaction: as many streams, far fewer commits.
    for (let from = 0; from < opts.count; from += 100) {
      await db.transaction().execute(async (trx) => {
        for (let n = from; n < Math.min(from + 100, opts.count); n++) {
          const item = randomUUID();
          const file = fileOf[n];
          const at = new Date().toISOString();
          await store.append(
            itemStream(item),
            'no_stream',
            [
              pickedItemFound({
                item,
                connection: opts.connectionUuid,
                remoteId: `seeded-${n}`,
                name: file ? `seeded-${n}.txt` : `seeded-${n}`,
                kind: file ? 'FILE' : 'FOLDER',
                repository,
                at,
              }),
              { type: 'ConnectorItemSynced', data: { item_uuid: item, file_uuid: file, name: null, remote_updated_at: null, readers: null, at } },
            ],
            trx,
          );
          seeded.items.push(item);
          if (file) seeded.files.push(file);
        }
      });
    }
  } finally {
    await db.destroy();
  }
  return seeded;
}
