// The tables passages owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface PassagesTable {
  id: string;
  corpus: string;
  url: string;
  title: string;
  heading: string;
  content: string;
  ordinal: number;
  /** The passage's terms and counts, written by the passages module (migration 0032). */
  tsv: Generated<string>;
  /**
   * Its index keys, one per statistics key and term (read-keys.ts, migration 0080), written with
   * the row; of a large put's passage, only those its segment does not hold (migration 0081).
   */
  read_keys: Generated<string[]>;
  /** Its number, by which the index's segments name it (passage_postings, migration 0081). */
  pid: Generated<string>;
  /** The segment of the large put it came in (migration 0081), or null. */
  seg: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set for a file's passages (migration 0009). */
  file_uuid: ColumnType<string | null, string | null | undefined, string | null>;
  page: ColumnType<number | null, number | null | undefined, number | null>;
  file_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_repository_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** The document the passage comes from, and its words for BM25 (migration 0010). */
  source: string;
  word_count: number;
  /** Who may read it at its source, as principal keys; null: everyone who may read the corpus (migration 0040). */
  readers: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** What a citation shows of its origin (feed.ts), kept as it is. */
  citation: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** What it came through, withheld together (a connection; feed.ts), or null (migration 0049). */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An origin withheld (migration 0049): its passages are never found until it is released. */
export interface PassageWithheldOriginsTable {
  origin: string;
}

export interface PassageCorporaTable {
  corpus: string;
  content_hash: string;
  indexed_at: Timestamp;
}

/** BM25's statistics of one corpus (migration 0010), kept by the passages projection. */
export interface PassageCorpusStatsTable {
  corpus: string;
  doc_count: string;
  total_words: string;
}

/** How many passages of a statistics key (a corpus, or a reader of it) hold a term (migration 0010), found by passage_key() of the two (migration 0082). */
export interface PassageTermStatsTable {
  key: string;
  corpus: string;
  term: string;
  df: number;
}

/**
 * What a write changed that the statistics do not count yet (migration 0037), added to them by
 * stat-folder.ts: a put's passages, words and terms (`terms` and their `counts`), or a drop's
 * (negative `docs` and `words`, and the removed rows' tsvectors, `dropped`).
 */
export interface PassageStatChangesTable {
  id: Generated<string>;
  corpus: string;
  docs: number;
  words: string;
  terms: string | null;
  counts: string | null;
  dropped: string[] | null;
}

/** A put of a source, whose index keys are written together (put-postings.ts, migration 0081). */
export interface PassageSegmentsTable {
  seg: Generated<string>;
  corpus: string;
  source: string;
}

/** For one index key (read-keys.ts) and segment, the pids of the segment's passages that hold it: `base` plus each offset. */
export interface PassagePostingsTable {
  key: string;
  seg: string;
  base: string;
  offsets: number[];
}

export interface PassagesTables {
  passages: PassagesTable;
  passage_withheld_origins: PassageWithheldOriginsTable;
  passage_corpora: PassageCorporaTable;
  passage_corpus_stats: PassageCorpusStatsTable;
  passage_term_stats: PassageTermStatsTable;
  passage_stat_changes: PassageStatChangesTable;
  passage_segments: PassageSegmentsTable;
  passage_postings: PassagePostingsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<PassagesTables>();
