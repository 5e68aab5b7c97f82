// The terms of one statement's rows (counted-rows.ts), counted with one table for all of them:
// each distinct term gets an id once, each row's terms are ids with counts in typed arrays, the
// terms are sorted once for the statement (not once a row) and each one's UTF-8 bytes encoded
// once. The result is the same as each row's passageTerms and tsvectorElements (terms.ts):
// counted-rows.test.ts holds the two equal. Counting a 10 MB CSV's 11,277 rows (the passages'
// workers' share of indexing it) took 304 ms against 683 ms a row at a time (medians of 7,
// tests/bench/passage-terms.ts): every row's terms sorted as strings, a Map a row, and each
// occurrence cut out of the text as a new string (term-ids.ts) went. With the rows' index keys
// (readKeys, which the database used to compute), 373 ms against 705 ms.
import { INT8_ELEMENT_BYTES } from './binary-arrays.js';
import { type Hash64, hashBytesExtended } from './pg-hash.js';
import { TermIds } from './term-ids.js';
import { eachTerm, MAX_TERM_COUNT, MAX_TERM_LENGTH, writePositions } from './terms.js';

const NOT_IN_ROW = -1;

function grown(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  if (size <= a.length) return a;
  const b = new Int32Array(Math.max(size, 2 * a.length)).fill(fill);
  b.set(a);
  return b;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** A unit of an ASCII term: a digit or a Latin letter (eachTerm's [a-z0-9] once lowered). */
const inTerm = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

export class StatementTerms {
  private readonly ids = new TermIds();
  private readonly terms = this.ids.terms;
  /** Rows holding each term. */
  private df = new Int32Array(1024);
  /** Each term's place in the row being added (in rowTerms), or NOT_IN_ROW. */
  private placeInRow = new Int32Array(1024).fill(NOT_IN_ROW);
  /** Every row's term ids and their counts, row after row; row r's end where rowEnds[r] says. */
  private rowTerms = new Int32Array(4096);
  private rowCounts = new Int32Array(4096);
  private used = 0;
  private readonly rowEnds: number[] = [];
  private encoded: Buffer[] | null = null;
  private sorted: Int32Array | null = null;

  /** Adds a row (its heading twice, as BM25F weighs a title, then its content); its words, as passageTerms counts them. */
  addRow(heading: string, content: string): number {
    const start = this.used;
    const headingWords = this.addText(heading);
    this.addText(heading);
    const words = 2 * headingWords + this.addText(content);
    for (let i = start; i < this.used; i++) {
      this.placeInRow[this.rowTerms[i]] = NOT_IN_ROW;
      this.df[this.rowTerms[i]]++;
    }
    this.rowEnds.push(this.used);
    return words;
  }

  /**
   * Counts the text's terms in the row being added; its words. ASCII text (most) is read here unit
   * by unit, as eachTerm reads it (runs of [a-z0-9] once lowered, words past MAX_TERM_LENGTH
   * counted as words, not terms); other text through eachTerm.
   */
  private addText(text: string): number {
    if (NON_ASCII.test(text)) return eachTerm(text, (term) => this.add(this.ids.idOf(term, 0, term.length)));
    let words = 0;
    for (let i = 0; i < text.length; ) {
      if (!inTerm(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < text.length && inTerm(text.charCodeAt(i))) i++;
      words++;
      if (i - start <= MAX_TERM_LENGTH) this.add(this.ids.idOf(text, start, i));
    }
    return words;
  }

  private add(id: number) {
    if (id >= this.df.length) {
      this.df = grown(this.df, id + 1);
      this.placeInRow = grown(this.placeInRow, id + 1, NOT_IN_ROW);
    }
    const place = this.placeInRow[id];
    if (place !== NOT_IN_ROW) {
      this.rowCounts[place]++;
      return;
    }
    this.rowTerms = grown(this.rowTerms, this.used + 1);
    this.rowCounts = grown(this.rowCounts, this.used + 1);
    this.placeInRow[id] = this.used;
    this.rowTerms[this.used] = id;
    this.rowCounts[this.used] = 1;
    this.used++;
  }

  /** The rows' tsvectors in binary form, as tsvectorElements writes them (lexemes sorted, positions 1..count). */
  tsvectorElements(): Buffer {
    const utf8 = this.utf8();
    let bound = 8 * this.rowEnds.length;
    for (let i = 0; i < this.used; i++) bound += utf8[this.rowTerms[i]].length + 3 + 2 * Math.min(this.rowCounts[i], MAX_TERM_COUNT);
    const out = Buffer.allocUnsafe(bound);
    const sorted = this.sortedRows();
    let at = 0;
    let from = 0;
    for (const end of this.rowEnds) {
      const start = at;
      at = out.writeInt32BE(end - from, at + 4);
      for (let k = from; k < end; k++) {
        const place = sorted[k];
        const bytes = utf8[this.rowTerms[place]];
        // Most terms are a few bytes: copied here rather than through a call each.
        for (let j = 0; j < bytes.length; j++) out[at + j] = bytes[j];
        at = writePositions(out, at + bytes.length, this.rowCounts[place]);
      }
      out.writeInt32BE(at - start - 4, start);
      from = end;
    }
    return out.subarray(0, at);
  }

  /**
   * The rows' index keys (read-keys.ts): for each row, each seed with each of its terms (in the
   * order passage_read_keys() gives them), as int8ArrayOf's elements, and how many a row. A
   * term's keys are hashed once for the statement.
   */
  readKeys(seeds: readonly Hash64[]): { keys: Buffer; keyCounts: number[] } {
    const hashes = this.utf8().flatMap((bytes) => seeds.map((seed) => hashBytesExtended(bytes, 0, bytes.length, seed)));
    const keys = Buffer.allocUnsafe(this.used * seeds.length * INT8_ELEMENT_BYTES);
    const sorted = this.sortedRows();
    const keyCounts: number[] = [];
    let at = 0;
    let from = 0;
    for (const end of this.rowEnds) {
      keyCounts.push((end - from) * seeds.length);
      for (let s = 0; s < seeds.length; s++)
        for (let k = from; k < end; k++) {
          const h = hashes[this.rowTerms[sorted[k]] * seeds.length + s];
          at = keys.writeInt32BE(8, at);
          at = keys.writeUInt32BE(h.hi, at);
          at = keys.writeUInt32BE(h.lo, at);
        }
      from = end;
    }
    return { keys, keyCounts };
  }

  /**
   * Each row's places in rowTerms, row after row, each row's in its terms' order in PostgreSQL
   * (UTF-16 order, as tsvectorElements sorts): the terms sorted once for the statement, each
   * row's then by their ranks.
   */
  private sortedRows(): Int32Array {
    if (this.sorted) return this.sorted;
    const t = this.terms;
    const byTerm = t.map((_, id) => id).sort((a, b) => (t[a] < t[b] ? -1 : t[a] > t[b] ? 1 : 0));
    const rank = new Int32Array(t.length);
    for (const [r, id] of byTerm.entries()) rank[id] = r;
    // A row's ranks are distinct, so each names its place in the row.
    const placeOfRank = new Int32Array(t.length);
    const sorted = new Int32Array(this.used);
    let from = 0;
    for (const end of this.rowEnds) {
      const row = sorted.subarray(from, end);
      for (let i = from; i < end; i++) {
        row[i - from] = rank[this.rowTerms[i]];
        placeOfRank[row[i - from]] = i;
      }
      row.sort();
      for (let k = 0; k < row.length; k++) row[k] = placeOfRank[row[k]];
      from = end;
    }
    this.sorted = sorted;
    return sorted;
  }

  /** Each term's UTF-8 bytes, encoded once. */
  private utf8(): Buffer[] {
    this.encoded ??= this.terms.map((t) => Buffer.from(t, 'utf8'));
    return this.encoded;
  }

  /** Each term (space-separated) and how many rows hold it (comma-separated), as passage_stat_changes stores them. */
  documentFrequencies(): { terms: string; counts: string } {
    return { terms: this.terms.join(' '), counts: Array.from(this.df.subarray(0, this.terms.length)).join(',') };
  }
}
