import { type Kysely, sql } from 'kysely';

// Issue 31: the statistics folder (services/passages/stat-folder.ts) adds each file's term counts
// to passage_term_stats, and a file shares most of its terms with the corpus: its fold updates tens
// of thousands of rows (66,000 for a 10 MB CSV). Pages filled to the brim leave no room for a row's
// new version beside the old one, so every update moved the row to another page and added an entry
// to the primary key's index. With three tenths of each page free the update stays on its
// page (a HOT update, no index entry): measured on five 10 MB CSVs one after the other, a fold took
// 515-650 ms at fillfactor 70 against 617-1,024 ms (growing as the table did) at 100; 50 gained
// little more (442-585 ms) for twice the table. Pages already written keep their fill until rewritten.
export async function up(db: Kysely<unknown>) {
  await sql`alter table passage_term_stats set (fillfactor = 70)`.execute(db);
}
