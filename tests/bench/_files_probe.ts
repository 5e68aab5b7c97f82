import { sql } from 'kysely';
import { createDb, createPool } from '../../services/db/database.js';
import { startEmbeddedPostgres } from '../../services/db/embedded.js';
import { migrateToLatest } from '../../services/db/migrate.js';
import { extractFile } from '../../services/files/extract/extract.js';
import { replaceFilePassages } from '../../services/files/file-passages.js';
import { largeCsv } from '../fixtures/files.js';
import { freePort, tempDir } from './util.js';
const tmp = tempDir('ae-probe-');
const pgdb = await startEmbeddedPostgres({ dataDir: tmp.dir, port: await freePort(), database: 'probe' });
const db = createDb(createPool(pgdb.url, 2));
try {
  await migrateToLatest(db);
  const ex = await extractFile(largeCsv(10), 'csv');
  const chars = ex.passages.reduce((n, p) => n + p.content.length, 0);
  console.log('passages', ex.passages.length, 'chars', chars);
  for (const label of ['with gin', 'again']) {
    const t = performance.now();
    await db.transaction().execute((trx) => replaceFilePassages(trx, { file_uuid: crypto.randomUUID(), title: 't', file_type: 'csv', repository: { type: 'USER', owner_id: 'u1' } }, ex.passages));
    console.log(label, Math.round(performance.now() - t), 'ms');
  }
  await sql`drop index passages_terms_idx`.execute(db);
  const t = performance.now();
  await db.transaction().execute((trx) => replaceFilePassages(trx, { file_uuid: crypto.randomUUID(), title: 't', file_type: 'csv', repository: { type: 'USER', owner_id: 'u1' } }, ex.passages));
  console.log('without terms gin', Math.round(performance.now() - t), 'ms');
} finally { await db.destroy(); await pgdb.stop(); tmp.remove(); }
