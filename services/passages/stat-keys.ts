// Whose statistics a passage counts in (issue 32). BM25's document frequencies and corpus size
// are kept per statistics key, not per corpus: a passage every reader of its corpus may read
// counts under the corpus's name; one with readers (a connector's item) counts once under each of
// its readers, `<corpus>\n<principal>`. An asker's statistics are the sum over their corpora and
// over the keys of their principals in those corpora, so they count only passages the asker may
// read: a score never moves because a word is in a document they may not read. A passage
// readable through two of an asker's principals (their address and their domain) counts twice
// for them, in its terms and in the corpus size alike; that weighs it a little, never tells of
// another's. A principal key holds no newline (write.ts joins readers with newlines), nor does a corpus.
import { sql } from 'kysely';

const SEPARATOR = '\n';

// (Until migration 0075 a passage with readers also counted under `<corpus>\n*`, whoever its
// readers; no score and no search read it, so it went.)

/** The keys a passage of `corpus` with these readers counts under (none when nobody may read it). */
export function statKeysOf(corpus: string, readers: readonly string[] | null | undefined): string[] {
  return readers ? [...new Set(readers)].map((r) => `${corpus}${SEPARATOR}${r}`) : [corpus];
}

/** The same keys in SQL, of the `corpus` and `readers` columns of the row in scope. */
export const STAT_KEYS_SQL = sql`(case when readers is null then array[corpus] else array(select distinct corpus || chr(10) || r from unnest(readers) r) end)`;
