import { type Kysely, sql } from 'kysely';
import { passageTerms, tsvectorArrayBytes } from '../../passages/terms.js';

// Passages are indexed for a fraction of the database time they took:
// - a passage's terms are counted by the passages module (services/passages/terms.ts: runs of
//   letters and digits in lower case, the heading twice) and written with the row, instead of a
//   column PostgreSQL computed with `to_tsvector`, which cost more than the row itself; the term
//   statistics come counted with them, instead of being read back from the new rows;
// - the full-text index keeps one posting list per corpus and term (migration 0006), now keyed by
//   a 64-bit hash of the pair instead of the text "<corpus> <lexeme>" (taken from the unmerged
//   `indexing` branch, d3f1d67): an int8 key compares without collation and is 8 bytes, where the
//   text key carried the corpus name in every entry; the lexeme's hash is seeded with the
//   corpus's, hashed once a passage. A collision (about one in 2^64 a pair) can only add a
//   candidate to a search, which checks each candidate's corpus and scores it from its own terms.
// The rows written before get their terms here the same way, and the statistics are counted
// again from them, so old and new rows agree and a rebuild gives the same rows.
// The lead renumbers this migration at merge.
const BATCH = 500;

export async function up(db: Kysely<unknown>) {
  await sql`drop index passages_terms_idx`.execute(db);
  await sql`drop function passage_terms(text, tsvector)`.execute(db);
  await sql`alter table passages alter column tsv drop expression`.execute(db);
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; heading: string; content: string }>`
      select id, heading, content from passages where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const terms = rows.map((r) => passageTerms(r.heading, r.content));
    await sql`update passages p set tsv = t.tsv, word_count = t.words
      from unnest(${rows.map((r) => r.id)}::text[], ${tsvectorArrayBytes(terms.map((t) => t.counts))}::tsvector[], ${terms.map((t) => t.words)}::int[])
        as t(id, tsv, words)
      where p.id = t.id`.execute(db);
    after = rows[rows.length - 1].id;
  }
  // A search's key for one corpus and term; passage_keys() computes the same for each of a
  // passage's terms, with the corpus's seed hashed once.
  await sql`create function passage_key(corpus text, lexeme text) returns bigint
    language sql immutable strict parallel safe
    return hashtextextended(lexeme, hashtextextended(corpus, 0))`.execute(db);
  await sql`create function passage_keys(corpus text, tsv tsvector) returns bigint[]
    language sql immutable strict parallel safe
    return array(select hashtextextended(lexeme, c.seed) from (select hashtextextended(corpus, 0) as seed) c, unnest(tsvector_to_array(tsv)) as lexeme)`.execute(
    db,
  );
  await sql`create index passages_keys_idx on passages using gin (passage_keys(corpus, tsv))`.execute(db);
  await sql`delete from passage_corpus_stats`.execute(db);
  await sql`insert into passage_corpus_stats select corpus, count(*), sum(word_count) from passages group by corpus`.execute(db);
  await sql`delete from passage_term_stats`.execute(db);
  // A file adds to the df of terms its corpus mostly holds already: with room left on each page
  // the new row versions are HOT updates, with no new primary-key entries (from the indexing
  // branch, 59a6326: 0.57 s against 0.80 s of database CPU for half a 10 MB CSV's terms).
  await sql`alter table passage_term_stats set (fillfactor = 70)`.execute(db);
  await sql`insert into passage_term_stats
    select corpus, lexeme, count(*) from passages, unnest(tsvector_to_array(tsv)) as lexeme group by corpus, lexeme`.execute(db);
}
