// The passages read model: the passages table and its term statistics, written only here, from
// the events the feeds read. Every write is a function of the event alone, so replaying the log
// (`make rebuild-projections`) gives back the same rows.
import type { Projection } from '../eventstore/types.js';
import type { PassageFeed } from './feed.js';
import { applyPassageOp } from './write.js';

export const PASSAGE_TABLES = ['passages', 'passage_corpus_stats', 'passage_term_stats'];

export function passagesProjection(feeds: PassageFeed[]): Projection {
  const byType = new Map<string, PassageFeed[]>();
  for (const feed of feeds) for (const type of feed.handles) byType.set(type, [...(byType.get(type) ?? []), feed]);
  return {
    name: 'passages',
    tables: PASSAGE_TABLES,
    handles: [...byType.keys()],
    async apply(trx, event) {
      for (const feed of byType.get(event.type) ?? []) for (const op of feed.ops(event)) await applyPassageOp(trx, op);
    },
  };
}
