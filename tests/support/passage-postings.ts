// The passages' index as stored, for the tests: a small put's passages hold their keys (read_keys,
// which the GIN index reads); a large put's segment lists its passages under the keys many of them
// hold, and they hold the others (migration 0081).
import { sql } from 'kysely';
import type { Db } from '../../services/db/database.js';

/**
 * The passages of a corpus not indexed under exactly the keys the database gives them
 * (passage_read_keys()): their own keys and those their segment lists them under, each key once.
 */
export async function misindexedPassages(db: Db, corpus: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with listed as (
      select x.base + u.o as pid, x.key
      from passage_segments s join passage_postings x on x.seg = s.seg, unnest(x.offsets) as u(o)
      where s.corpus = ${corpus})
    select p.id from passages p
    where p.corpus = ${corpus}
      and array(select k from unnest(p.read_keys) k union all select l.key from listed l where l.pid = p.pid order by 1)
          is distinct from array(select k from unnest(passage_read_keys(p.corpus, p.readers, p.tsv)) k order by k)
    order by p.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The ids of a corpus's passages indexed under a statistics key's key for a term (passage_key()), in the GIN index or a segment. */
export async function listedUnder(db: Db, corpus: string, statKey: string, term: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from passages p where p.corpus = ${corpus} and p.read_keys @> array[passage_key(${statKey}, ${term})]
    union all
    select p.id from passage_segments s join passage_postings x on x.seg = s.seg, unnest(x.offsets) as u(o), passages p
    where p.pid = x.base + u.o and s.corpus = ${corpus} and x.key = passage_key(${statKey}, ${term}) order by 1`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The passages and their index as a rebuild must give them back: the rows without their pids and
 * segments (numbers a rebuild draws anew; whether a row has a segment is kept), and for each
 * corpus, source and key the ids of the passages listed under it.
 */
export async function passagesSnapshot(db: Db, corpusLike = '%') {
  const passages = (await sql<{ pid: string; seg: string | null }>`select * from passages where corpus like ${corpusLike} order by id`.execute(db)).rows.map(
    ({ pid: _pid, seg, ...row }) => ({ ...row, in_segment: seg !== null }),
  );
  // A segment's passages have their keys there, listed by pid.
  const postings = (
    await sql`
      select s.corpus, s.source, x.key, array_agg(p.id order by p.id) as ids
      from passage_segments s join passage_postings x on x.seg = s.seg, unnest(x.offsets) as u(o), passages p
      where p.pid = x.base + u.o and s.corpus like ${corpusLike} group by s.corpus, s.source, x.key order by s.corpus, s.source, x.key`.execute(db)
  ).rows;
  return { passages, postings };
}
