import { sql, type Kysely } from 'kysely';

// Issue 32: a passage with readers no longer also counts under `<corpus>\n*` (no score and no search
// read that key since migration 0054): its statistics, and changes not folded yet, go.
export async function up(db: Kysely<unknown>) {
  await sql`delete from passage_stat_changes where right(corpus, 2) = chr(10) || '*'`.execute(db);
  await sql`delete from passage_term_stats where right(corpus, 2) = chr(10) || '*'`.execute(db);
  await sql`delete from passage_corpus_stats where right(corpus, 2) = chr(10) || '*'`.execute(db);
}
