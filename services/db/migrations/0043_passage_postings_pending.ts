import { type Kysely, sql } from 'kysely';

// A file's new postings wait in the full-text index's pending list instead of being merged into
// it inside the file's transaction (issue 31: indexing at parser speed). GIN merges its pending
// list whenever it outgrows gin_pending_list_limit (4 MB by default), and a 10 MB file's postings
// outgrow it several times, each merge inside the writing transaction: measured here on 20,000
// passages, the insert took 2.2-2.3 s with a 64 MB limit against 3.0-4.0 s with 4 MB. The list is
// merged right after, off the writer's transaction, by the passages' background folder
// (services/passages/pending-postings.ts); a search meanwhile reads the list as well, as GIN does.
const INDEX = 'passages_keys_idx';

export async function up(db: Kysely<unknown>) {
  await sql`alter index ${sql.id(INDEX)} set (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
}
