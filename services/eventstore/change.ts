// The one way a use case changes a stream: read its state, decide, append what was decided with
// the expected version. A racing append (another change of the same stream at the same moment)
// makes it decide again on the fresh state, a bounded number of times, rather than refuse.
import type { EventStore } from './store.js';
import { ConcurrencyError, type NewEvent, type StoredEvent, type Trx } from './types.js';

export type StreamModel<S> = { stream: string; initial: S; evolve: (state: S, event: StoredEvent) => S };

/** The events decided and appended (none when the decision changed nothing). */
export async function changeStream<S, E extends NewEvent>(
  store: EventStore,
  model: StreamModel<S>,
  decide: (state: S) => E[],
  opts: { trx?: Trx; attempts?: number } = {},
): Promise<E[]> {
  const attempts = opts.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(model.stream, model.initial, model.evolve, opts.trx);
    const events = decide(state);
    if (!events.length) return events;
    try {
      await store.append(model.stream, version, events, opts.trx);
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= attempts) throw err;
    }
  }
}
