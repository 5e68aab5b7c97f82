// The passage index: PostgreSQL full-text search over chunks (tsvector column), each chunk in a
// corpus (`help`, `user:<id>`, `org:<uuid>`, `space:<uuid>`); a search covers the corpora the
// asker may read, in one query (index: migration 0006).
import { sql } from 'kysely';
import { prepared, type Db } from '../db/database.js';
import type { HelpPassage } from './corpus.js';
import type { Passage, SourceAdapter } from './types.js';

export const HELP_CORPUS = 'help';

/** Re-indexes a corpus only when its content hash changed; safe to run at every start. */
export async function indexCorpus(db: Db, corpus: string, passages: HelpPassage[], hash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    // One indexer at a time, also across instances starting together.
    await sql`select pg_advisory_xact_lock(hashtext(${`passages:${corpus}`}))`.execute(trx);
    const current = await trx.selectFrom('passage_corpora').select('content_hash').where('corpus', '=', corpus).executeTakeFirst();
    if (current?.content_hash === hash) return false;
    await trx.deleteFrom('passages').where('corpus', '=', corpus).execute();
    if (passages.length)
      await trx
        .insertInto('passages')
        .values(passages.map((p) => ({ id: p.id, corpus, url: p.url, title: p.title, heading: p.heading, content: p.content, ordinal: p.ordinal })))
        .execute();
    await trx
      .insertInto('passage_corpora')
      .values({ corpus, content_hash: hash, indexed_at: now })
      .onConflict((oc) => oc.column('corpus').doUpdateSet({ content_hash: hash, indexed_at: now }))
      .execute();
    return true;
  });
}

/** Words of a question joined with `or`, so a passage matching some of them still ranks. */
export function anyWordsQuery(question: string) {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w !== 'or').slice(0, 32).join(' or ');
}

export type FoundPassage = HelpPassage & {
  corpus: string;
  rank: number;
  file_uuid: string | null;
  page: number | null;
  file_type: string | null;
  file_repository_type: 'USER' | 'ORG' | 'COLLECTION' | null;
};

/**
 * The best `k` passages of the given corpora for any of the question's words, in one query.
 * `passage_terms(corpus, tsv) && <"corpus lexeme" pairs>` finds them through the index of
 * migration 0006, and holds exactly for a readable corpus's passages with one of the words
 * (lexemes have no spaces). It is the only corpus condition on purpose: a separate
 * `corpus = any(...)` lets the planner pick the corpus btree when its statistics lag behind a
 * growing corpus, and then build every passage's terms (measured: 20x slower).
 * No `tsv @@ query` filter either: for these or-joined words the pairs condition already says
 * the same, and checking it again on every matching row cost about a third of the query
 * (measured: p50 9.1 -> 6.7 ms over 1,700 matches, same top 5).
 */
export async function searchPassages(db: Db, corpora: readonly string[], question: string, k: number): Promise<FoundPassage[]> {
  const words = anyWordsQuery(question);
  if (!words || corpora.length === 0) return [];
  return (await searchQuery(corpora, words, k).execute(db)).rows;
}

/**
 * The search itself, for searchPassages and for the benchmark's plain-SQL baseline. Ranking picks
 * the ids (narrow rows: a fifth less time over 2,000 matches), the winners' columns come after;
 * the query's tsquery is a subquery so it is parsed once, not per row, also in a generic plan.
 */
export function searchQuery(corpora: readonly string[], words: string, k: number) {
  return sql<FoundPassage>`${sql.raw(prepared('search_passages'))}
    select p.id, p.corpus, p.url, p.title, p.heading, p.content, p.ordinal, p.file_uuid, p.page, p.file_type, p.file_repository_type, best.rank
    from (
      select id, ts_rank(tsv, (select websearch_to_tsquery('english', ${words}))) as rank
      from passages
      where passage_terms(corpus, tsv) && array(
              select c || ' ' || lexeme from unnest(${[...corpora]}::text[]) as c, unnest(tsvector_to_array(to_tsvector('english', ${words}))) as lexeme)
      order by rank desc, id
      limit ${k}
    ) best
    join passages p on p.id = best.id
    order by best.rank desc, best.id`;
}

/** What a passage's source shows as its domain: `help` for the guide, else the corpus kind (`user`, `space`, ...). */
export const domainOf = (corpus: string) => corpus.split(':')[0];

export type PassageIndex = { name: string; search: (query: string, k: number, corpora: readonly string[]) => Promise<Passage[]> };

export function passageSource(db: Db): PassageIndex {
  return {
    name: 'passages',
    search: async (question, k, corpora): Promise<Passage[]> =>
      (await searchPassages(db, corpora, question, k)).map((p) => ({
        url: p.url,
        title: p.title,
        heading: p.heading,
        content: p.content,
        domain: domainOf(p.corpus),
        published_date: null,
        ...(p.file_uuid && p.file_type && p.file_repository_type ? { file: { file_uuid: p.file_uuid, page: p.page, file_type: p.file_type, repository_type: p.file_repository_type } } : {}),
      })),
  };
}

/** The built-in guide alone. */
export function helpSource(db: Db): SourceAdapter {
  const index = passageSource(db);
  return { name: 'help', search: (question, k) => index.search(question, k, [HELP_CORPUS]) };
}
