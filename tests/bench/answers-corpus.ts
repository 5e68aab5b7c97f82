// The benchmark's passage set, generated inside PostgreSQL: passages of 30 to 60 words drawn
// from an English vocabulary with a Zipf-like skew (a few words are everywhere, most are rare),
// like real documents. About 45 % of a passage's words are function words ("the", "of", "how",
// "our"...), as in English prose, so the questions' own function words are everywhere and weigh
// little, and the content words pick the passages: without them a question's "how does the"
// matched only the guide, whose text has them, and it was cited instead of the asker's passages.
// 10,000 passages belong to the asking user, the rest to 99 other users.
// The same file runs against the code before the passages module (no `source`, `word_count` or
// statistics tables yet), so a before/after comparison reads the very same passages.
import { sql } from 'kysely';
import type { Db } from '../../services/db/database.js';

// Common words first: the skew makes the start of the list the frequent part.
export const VOCABULARY = `
time year people way day man thing woman life child world school state family student group country problem hand part place case week company system program question work government number night point home water room mother area money story fact month lot right study book eye job word business issue side kind head house service friend father power hour game line end member law car city community name president team minute idea kid body information back parent face others level office door health person art war history party result change morning reason research girl guy moment air teacher force education
report plan project budget meeting customer invoice payment contract policy design release version update account password login security privacy backup server database network storage file folder document page section chapter table chart figure schedule deadline task review feedback survey market sales revenue cost price product feature roadmap launch campaign email message notification calendar event conference workshop training course lesson exam grade recipe ingredient kitchen garden travel flight hotel ticket booking visa passport insurance claim doctor hospital patient medicine treatment symptom vaccine diet exercise sleep stress
climate energy solar wind battery engine vehicle road traffic bridge tunnel river mountain forest ocean island desert weather rain snow storm temperature season summer winter spring autumn history museum painting music concert guitar piano novel poem author library archive map language grammar translation dictionary science physics chemistry biology mathematics algebra geometry statistics experiment theory hypothesis evidence data analysis model algorithm software hardware computer laptop phone screen keyboard mouse printer camera photo video audio podcast radio television
newspaper article interview journalist editor publisher copyright license trademark patent court judge lawyer lawsuit regulation tax audit finance bank loan mortgage interest inflation economy investment stock bond fund portfolio dividend retirement pension salary wage bonus hiring interview candidate resume career promotion manager employee colleague department headquarters branch warehouse shipment delivery supplier inventory order refund warranty repair maintenance inspection safety fire emergency ambulance police crime
quarterly annual monthly weekly daily strategy objective milestone risk mitigation compliance governance stakeholder board investor shareholder partnership merger acquisition startup founder venture capital valuation growth churn retention onboarding subscription pricing discount coupon checkout cart shipping tracking parcel courier address postcode region province county village neighbourhood apartment rent lease landlord tenant mortgage renovation kitchen bathroom roof window floor wall paint furniture sofa chair desk lamp
migrate deploy configure install upgrade restore encrypt decrypt authenticate authorize index query cache queue worker thread process memory disk latency throughput bandwidth outage incident postmortem alert monitor dashboard metric log trace error exception warning debug test benchmark profile optimize refactor merge branch commit repository pipeline container cluster node replica shard partition schema migration transaction lock deadlock vacuum
`
  .trim()
  .split(/\s+/);

// Function words, most frequent first (the same skew applies); the questions' own are among them.
export const FUNCTION_WORDS = `
the of and to a in is that for it as with was on be by this are at from or an not have has which we our you your
can will how what where when does do if about more all their there its they but been were would should may also
one into than other such these most only then so each them some who any after before over under between
`
  .trim()
  .split(/\s+/);
/** The share of a passage's words that are function words. */
export const FUNCTION_SHARE = 0.45;

export const OTHER_USERS = 99;

/** Words a user might ask about: from the middle of the list, neither everywhere nor absent. */
export function questions(count: number): string[] {
  const out: string[] = [];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = () => VOCABULARY[Math.floor(40 + next() * (VOCABULARY.length - 40))];
  const forms = [
    (a: string, b: string, c: string) => `How does the ${a} affect the ${b} and ${c}?`,
    (a: string, b: string) => `What is our ${a} ${b} policy?`,
    (a: string, b: string, c: string) => `Where is the ${a} for ${b} ${c}?`,
    (a: string, b: string) => `Can you summarise what our ${a} says about the ${b}?`,
    (a: string, b: string) => `When should we review the ${a} of our ${b}?`,
  ];
  for (let i = 0; i < count; i++) out.push(forms[i % forms.length](pick(), pick(), pick()));
  return out;
}

/**
 * Inserts passages `from`..`to` (1-based) as documents of 20 passages (written together, as an
 * indexed file's chunks are): document d belongs to the asking user when d is a multiple of
 * `share` (1 in 100; never when it is 0), otherwise to one of the other users, round robin.
 */
export async function insertPassages(db: Db, userId: string, from: number, to: number, otherUserIds: string[], share: number) {
  // The passages module's columns, where the schema has them (source and word count since the
  // passages module; the word count as it counts: the heading twice, as the tsvector holds it).
  const columns = new Set(
    (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'passages'`.execute(db)).rows.map(
      (r) => r.column_name,
    ),
  );
  const moduleColumns = columns.has('source') && columns.has('word_count');
  // Since migration 0032 the app writes a passage's terms; for these plain words PostgreSQL's
  // `simple` parser gives the same terms and counts.
  const writtenTerms =
    (await sql<{ g: string }>`select is_generated as g from information_schema.columns where table_name = 'passages' and column_name = 'tsv'`.execute(db))
      .rows[0]?.g === 'NEVER';
  // Since migration 0080 a passage's index keys are a column the app writes (services/passages/read-keys.ts);
  // the database's passage_read_keys() gives the same keys.
  const writtenKeys = columns.has('read_keys');
  const word = sql`case when random() < ${FUNCTION_SHARE} then f[1 + floor(power(random(), 2.2) * fn)::int] else w[1 + floor(power(random(), 2.2) * n)::int] end`;
  await sql`
    with vocab as (select ${sql.val(VOCABULARY)}::text[] as w, ${VOCABULARY.length}::int as n, ${sql.val(FUNCTION_WORDS)}::text[] as f, ${FUNCTION_WORDS.length}::int as fn),
    rows as (
      select g,
        case when ${share}::int > 0 and (g / 20) % greatest(${share}::int, 1) = 0 then ${`user:${userId}`} else 'user:' || (${sql.val(otherUserIds)}::text[])[1 + (g / 20) % ${otherUserIds.length}] end as corpus,
        (select string_agg(w[1 + floor(power(random(), 2.2) * n)::int], ' ') from vocab, generate_series(1, 4 + (g % 3))) as heading,
        (select string_agg(${word} || case when s % 12 = 0 then '.' else '' end, ' ') from vocab, generate_series(1, 30 + (g % 31)) s) as body
      from generate_series(${from}::int, ${to}::int) g
    )
    insert into passages (id, corpus, url, title, heading, content, ordinal${sql.raw(moduleColumns ? ', source, word_count' : '')}${sql.raw(writtenTerms ? ', tsv' : '')}${sql.raw(writtenKeys ? ', read_keys' : '')})
    select 'bench/' || g, corpus, '/files/doc-' || (g / 20) || '#p' || (g % 20), 'Document ' || (g / 20), initcap(heading), initcap(body) || '.', g % 20
      ${moduleColumns ? sql`, 'bench/doc-' || (g / 20), 2 * array_length(regexp_split_to_array(heading, ' '), 1) + array_length(regexp_split_to_array(body, ' '), 1)` : sql``}
      ${writtenTerms ? sql`, t.tsv` : sql``}${writtenKeys ? sql`, passage_read_keys(corpus, null, t.tsv)` : sql``}
    from rows, lateral (select to_tsvector('simple', heading || ' ' || heading || ' ' || body) as tsv) t`.execute(db);
}

/**
 * The statistics BM25 reads, counted again from every row after a bulk load (the passages
 * projection keeps them as it writes; a load straight into the table does not).
 */
export async function recountPassageStatistics(db: Db) {
  await sql`truncate passage_corpus_stats, passage_term_stats`.execute(db);
  // Per statistics key, as the passages module counts them (services/passages/stat-keys.ts): a
  // passage with readers under each reader. Written out, so this file still runs against older code.
  const STAT_KEYS_SQL = sql`(case when readers is null then array[corpus] else array(select distinct corpus || chr(10) || r from unnest(readers) r) end)`;
  await sql`insert into passage_corpus_stats select k, count(*), sum(word_count) from passages, unnest(${STAT_KEYS_SQL}) as k group by k`.execute(db);
  // Keyed by passage_key() since migration 0082; an older checkout's table has no key.
  const keyed =
    (await sql`select 1 from information_schema.columns where table_name = 'passage_term_stats' and column_name = 'key'`.execute(db)).rows.length > 0;
  await sql`insert into passage_term_stats
    select ${keyed ? sql`passage_key(k, lexeme), min(k), min(lexeme), count(*)` : sql`k, lexeme, count(*)`}
    from passages, unnest(${STAT_KEYS_SQL}) as k, unnest(tsvector_to_array(tsv)) as lexeme group by ${keyed ? sql`1` : sql`k, lexeme`}`.execute(db);
}
