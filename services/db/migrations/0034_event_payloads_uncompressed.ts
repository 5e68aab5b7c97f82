import { sql, type Kysely } from 'kysely';

// An event's payload over PostgreSQL's 2 KB threshold was compressed with pglz as it was written
// (the only method this build has; lz4 is not compiled in). The large payloads are a file's
// passages (FilePassagesRecorded, up to 512 KB each), so indexing a 10 MB CSV spent about 0.35 s
// of database CPU, on the indexing's critical path, compressing its 21 events: appended in a
// transaction, 423-570 ms compressed against 142-216 ms stored as they are (two runs of three
// appends each way). Payloads are now stored as they are, out of line when large, like the
// passage rows (migration 0012): that file's events take 11.4 MB instead of 4.4 MB, beside about
// 85 MB for its passage rows and their index entries. Events written before keep their form.
export async function up(db: Kysely<unknown>) {
  await sql`alter table events alter column data set storage external`.execute(db);
}
