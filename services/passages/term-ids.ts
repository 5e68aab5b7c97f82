// The distinct terms of a statement's rows (statement-terms.ts), each with an id, found from the
// text's own characters: a term already met is not cut out of the text, lowered and hashed as a
// new string each time it occurs (two million times in a 10 MB CSV), only compared where it
// stands. An open-addressing table of FNV-1a hashes over the terms' UTF-16 units.
const EMPTY = 0;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** An ASCII capital lowered, as toLowerCase does; any other unit as it is. */
const lowered = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

export class TermIds {
  /** The terms by id. */
  readonly terms: string[] = [];
  private hashes: number[] = [];
  /** id + 1 at a term's slot (EMPTY: none); its size a power of two, kept at most half full. */
  private slots = new Int32Array(4096);

  /**
   * The id of the term text[start, end) with its ASCII capitals lowered (the caller has lowered
   * any other), a new one when the term is new.
   */
  idOf(text: string, start: number, end: number): number {
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ lowered(text.charCodeAt(i)), FNV_PRIME);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === EMPTY) return this.added(slot, hash, text.slice(start, end).toLowerCase());
      const id = held - 1;
      if (this.hashes[id] === hash && this.sameTerm(this.terms[id], text, start, end)) return id;
    }
  }

  private sameTerm(term: string, text: string, start: number, end: number): boolean {
    if (term.length !== end - start) return false;
    for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) !== lowered(text.charCodeAt(start + i))) return false;
    return true;
  }

  private added(slot: number, hash: number, term: string): number {
    const id = this.terms.length;
    this.terms.push(term);
    this.hashes.push(hash);
    this.slots[slot] = id + 1;
    if (2 * this.terms.length > this.slots.length) this.rehash();
    return id;
  }

  private rehash() {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let id = 0; id < this.terms.length; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}
