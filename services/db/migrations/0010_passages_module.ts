import { sql, type Kysely } from 'kysely';

// The passages module (services/passages) owns the passages table and rebuilds it from events:
// - `source` names the document a passage comes from (`file:<uuid>`, `link:<space>:<url>`,
//   `guide`), so a document's passages are replaced or removed as one;
// - `tsv` is now read by BM25: PostgreSQL's `simple` configuration (lower case, no stemming, no
//   stop words: measured on a public FAQ, stemming and dropping stop words cost 38 of 550 first
//   hits against plain BM25), and the heading counted twice, as BM25F weighs a title field (the
//   heading says what the passage is about: +15 first hits there);
// - `word_count` and the statistics tables are what BM25 ranking reads: per corpus, how many
//   passages and words; per corpus and term, how many passages hold the term;
// - file passages written before this change came from the bytes, not from events: they are
//   recorded now as `FilePassagesRecorded` events (the shape services/files/passage-feed.ts
//   reads, 500 passages an event) at the end of each file's stream, so a rebuild keeps them.
//   Appended, never rewriting an event. Link passages rebuild from their `SpaceLinkAdded`
//   events and the guide from its `GuidePublished` events, written at the next start.
export async function up(db: Kysely<unknown>) {
  await sql`alter table passages add column source text, add column word_count integer not null default 0`.execute(db);
  // Dropping the column drops the index on it (migration 0006); both come back on the new terms.
  await sql`alter table passages drop column tsv`.execute(db);
  await sql`alter table passages add column tsv tsvector generated always as (to_tsvector('simple', heading || ' ' || heading || ' ' || content)) stored`.execute(
    db,
  );
  await sql`create index passages_terms_idx on passages using gin (passage_terms(corpus, tsv))`.execute(db);
  await sql`update passages set
      source = case when file_uuid is not null then 'file:' || file_uuid
                    when corpus like 'space:%' then 'link:' || substr(corpus, 7) || ':' || url
                    else 'guide' end,
      word_count = (select count(*) from regexp_matches(heading || ' ' || heading || ' ' || content, '[[:alnum:]]+', 'g'))`.execute(db);
  await sql`alter table passages alter column source set not null`.execute(db);
  await sql`create index passages_source_idx on passages (corpus, source)`.execute(db);
  await sql`drop index if exists passages_corpus_idx`.execute(db);

  await sql`create table passage_corpus_stats (corpus text primary key, doc_count bigint not null, total_words bigint not null)`.execute(db);
  await sql`create table passage_term_stats (corpus text not null, term text not null, df integer not null, primary key (corpus, term))`.execute(db);
  await sql`insert into passage_corpus_stats select corpus, count(*), sum(word_count) from passages group by corpus`.execute(db);
  await sql`insert into passage_term_stats
    select corpus, lexeme, count(*) from passages, unnest(tsvector_to_array(tsv)) as lexeme group by corpus, lexeme`.execute(db);

  await sql`
    with parts as (
      select p.file_uuid, p.ordinal / 500 as part, f.version, f.repo_type, f.repo_owner,
        min(p.title) as title, min(p.file_type) as file_type,
        jsonb_agg(jsonb_build_object('ordinal', p.ordinal, 'heading', p.heading, 'content', p.content, 'page', p.page) order by p.ordinal) as passages
      from passages p join files f on f.file_uuid = p.file_uuid
      group by p.file_uuid, p.ordinal / 500, f.version, f.repo_type, f.repo_owner),
    numbered as (
      select parts.*, row_number() over (partition by file_uuid order by part) as n,
        (select max(stream_version) from events e where e.stream_id = 'file-' || parts.file_uuid) as last
      from parts)
    insert into events (stream_id, stream_version, type, data, metadata)
    select 'file-' || file_uuid, last + n, 'FilePassagesRecorded',
      jsonb_build_object('file_uuid', file_uuid, 'version', version, 'part', n - 1, 'title', title, 'file_type', file_type,
        'repository', jsonb_build_object('type', repo_type, 'owner_id', repo_owner), 'passages', passages),
      '{"v": 1, "recorded_by": "migration 0010"}'::jsonb
    from numbered
    where last is not null
    order by file_uuid, n`.execute(db);
}
