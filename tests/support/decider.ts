// Given/when/then for pure deciders: the past as events, the command as a call on the state
// those events fold to, and then either the new events or the refusal (kind and stable code).
//
//   const space = decider(evolveSpace, initialSpace);
//   space.given(created).when((s) => decideDelete(s, { actor: bob, owner, now })).then(refused('not_found', 'collection_not_found'));
import { expect } from 'vitest';
import type { StoredEvent } from '../../services/eventstore/types.js';
import { DomainError } from '../../services/shared/domain-error.js';

type Event = { type: string; data: unknown };
export type Refusal = { refused: { kind: string; code: string } };

/** The outcome of a command that must be refused with this kind and code. */
export const refused = (kind: string, code: string): Refusal => ({ refused: { kind, code } });

/** The stable code a call threw, or null when it threw nothing (for property tests over many inputs). */
export function refusalCodeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? null;
  }
}

export function decider<S>(evolve: (state: S, event: StoredEvent) => S, initial: S, streamId = 'stream-1') {
  const at = new Date('2026-01-01T00:00:00Z');
  /** The state a history of events folds to, as the event store would replay it. */
  const fold = (events: Event[], from: S = initial) =>
    events.reduce((state, e, i) => evolve(state, { ...e, globalPosition: String(i + 1), streamId, streamVersion: i + 1, metadata: {}, recordedAt: at }), from);

  function given(...histories: Event[][]) {
    const state = fold(histories.flat());
    return {
      state,
      when<R>(command: (state: S) => R) {
        return {
          /** Events (or any value; compared with toEqual, so asymmetric matchers work), or a refusal. */
          // biome-ignore lint/suspicious/noThenProperty: it reads given/when/then; the object is never awaited
          then(expected: unknown) {
            if (expected && typeof expected === 'object' && 'refused' in expected) {
              let thrown: unknown;
              try {
                const result = command(state);
                thrown = { allowed: result };
              } catch (err) {
                thrown = err;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect(thrown).toMatchObject((expected as Refusal).refused);
              return;
            }
            const result = command(state);
            expect(result).toEqual(expected);
            return result;
          },
        };
      },
    };
  }
  return { given, fold };
}
