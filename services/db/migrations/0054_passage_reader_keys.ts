import { type Kysely, sql } from 'kysely';

// Issue 32: a restricted asker's search reads only the postings they may read. The full-text
// index (migration 0032) kept one posting list per corpus and term, readable or not, so an asker
// who may read 1 % of a corpus read (and dropped) the other 99 % of every posting list. Now a
// passage's keys are its statistics keys' (services/passages/stat-keys.ts) with each of its terms:
// a passage without readers keeps its corpus's key, one with readers gets a key per reader,
// `<corpus>\n<principal>`. A search looks up the keys of the asker's principals, so the candidate
// scan is the asker's readable postings before anything is ranked. A passage with three readers
// holds three postings a term instead of one; a personal connection's (one reader) one as before.
// The index keeps its name and its pending-list settings (migration 0043).
const INDEX = 'passages_keys_idx';

export async function up(db: Kysely<unknown>) {
  // hashtextextended(lexeme, hashtextextended(key, 0)) is passage_key(key, lexeme): a search builds
  // its keys with passage_key(). Not strict: a passage without readers has a null `readers`.
  await sql`create function passage_read_keys(corpus text, readers text[], tsv tsvector) returns bigint[]
    language sql immutable parallel safe
    return array(
      select hashtextextended(lexeme, k.seed)
      from (select hashtextextended(key, 0) as seed
            from unnest(case when readers is null then array[corpus]
                             else array(select distinct corpus || chr(10) || r from unnest(readers) r) end) as key) k,
        unnest(tsvector_to_array(tsv)) as lexeme)`.execute(db);
  await sql`drop index ${sql.id(INDEX)}`.execute(db);
  await sql`drop function passage_keys(text, tsvector)`.execute(db);
  await sql`create index ${sql.id(INDEX)} on passages using gin (passage_read_keys(corpus, readers, tsv))
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
}
