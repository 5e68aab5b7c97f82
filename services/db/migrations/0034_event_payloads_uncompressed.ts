import { sql, type Kysely } from 'kysely';

// An event's payload over PostgreSQL's 2 KB threshold was compressed with pglz as it was written
// (the only method this build has; lz4 is not compiled in). The large payloads are a file's
// passages (FilePassagesRecorded, up to 512 KB each), so indexing a 10 MB CSV spent about 0.35 s
// of database CPU, on the indexing's critical path, compressing its ten events: appended in a
// transaction, 515-570 ms compressed against 142-192 ms stored as they are (the same events,
// three runs each). Payloads are now stored as they are, out of line when large, like the passage
// rows (migration 0012); such a file's events take about 11.6 MB instead of about 4 MB, a few
// percent of what its passages and their index take. Events written before keep their form.
export async function up(db: Kysely<unknown>) {
  await sql`alter table events alter column data set storage external`.execute(db);
}
