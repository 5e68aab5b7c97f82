// A passage's index keys (migration 0080), computed where its terms are counted (the passages'
// worker processes for a large put) rather than by the database for each row it inserts: one key
// for each of the passage's statistics keys (stat-keys.ts) with each of its terms,
// passage_key(key, term) = hashtextextended(term, hashtextextended(key, 0)). As an expression
// index (passage_read_keys(), migration 0054) the database spent about 30 µs a row on them, a
// third of a 10 MB CSV's insert time. A search looks the keys up with passage_key(). A statement's
// keys are written by StatementTerms.readKeys, each distinct term hashed once a seed.
import { type Hash64, hashTextExtended } from './pg-hash.js';

/** The seeds of a passage's statistics keys: hashtextextended(key, 0) each. */
export function keySeeds(statKeys: readonly string[]): Hash64[] {
  return statKeys.map((key) => hashTextExtended(key));
}
