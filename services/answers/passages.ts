// The passage index: PostgreSQL full-text search over chunks (tsvector column, GIN index).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
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

export async function searchPassages(db: Db, corpus: string, question: string, k: number): Promise<(HelpPassage & { rank: number })[]> {
  const words = anyWordsQuery(question);
  if (!words) return [];
  const query = sql`websearch_to_tsquery('english', ${words})`;
  return db
    .selectFrom('passages')
    .select(['id', 'url', 'title', 'heading', 'content', 'ordinal', sql<number>`ts_rank(tsv, ${query})`.as('rank')])
    .where('corpus', '=', corpus)
    .where(sql<boolean>`tsv @@ ${query}`)
    .orderBy('rank', 'desc')
    .orderBy('id')
    .limit(k)
    .execute();
}

export function helpSource(db: Db): SourceAdapter {
  return {
    name: 'help',
    search: async (question, k): Promise<Passage[]> =>
      (await searchPassages(db, HELP_CORPUS, question, k)).map((p) => ({ url: p.url, title: p.title, heading: p.heading, content: p.content, domain: 'help', published_date: null })),
  };
}
