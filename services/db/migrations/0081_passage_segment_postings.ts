import { type Kysely, sql } from 'kysely';

// Issue 31: a large put's index entries written at once, as a segment, instead of one GIN entry
// per passage and key. A batch of ten 5 MB CSVs (56,392 passages) wrote some 6.8 million GIN
// entries twice, into the pending list and again when it was merged (about 245 MB of its 600 MB
// of WAL). Measured with the GIN index dropped: a batch 8.4-10.5 s against 10.7-15.2 s.
//
// Now each passage has a number (`pid`); a large put (services/passages/write.ts) is a segment
// (passage_segments, the passages' `seg`), which holds one row per index key
// (services/passages/read-keys.ts) that many of its passages hold: their pids, as int4 offsets
// from the row's `base` (half the bytes of int8 pids; passage_postings), written in one statement
// at the end of the put (services/passages/put-postings.ts). Its passages keep only their rarer
// keys in `read_keys`, for the GIN index; small puts, whose segments would hold a row for every
// few postings, keep all of theirs there as before. A search looks a key up in both: the
// segments through their primary key (key, seg), a pair's offsets intersected segment by
// segment. A drop deletes its source's segments (seg index). The offsets are kept uncompressed,
// out of line when long (storage external), as the keys are. Passages written before keep all
// their keys in the GIN index. Measured: a batch's WAL 435-500 MB against 567-653 MB.
export async function up(db: Kysely<unknown>) {
  await sql`create sequence passage_pids`.execute(db);
  await sql`alter table passages add column pid bigint not null default nextval('passage_pids')`.execute(db);
  await sql`alter sequence passage_pids owned by passages.pid`.execute(db);
  await sql`create unique index passages_pid_idx on passages (pid)`.execute(db);
  await sql`alter table passages add column seg bigint`.execute(db);
  await sql`create table passage_segments (
    seg bigint generated always as identity primary key,
    corpus text not null,
    source text not null)`.execute(db);
  await sql`create index passage_segments_source_idx on passage_segments (corpus, source)`.execute(db);
  await sql`create table passage_postings (
    key bigint not null,
    seg bigint not null,
    base bigint not null,
    offsets int[] not null,
    primary key (key, seg))`.execute(db);
  await sql`alter table passage_postings alter column offsets set storage external`.execute(db);
  await sql`create index passage_postings_seg_idx on passage_postings (seg)`.execute(db);
}
