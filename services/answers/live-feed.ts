// In-process fan-out of the events an answer workflow running here emits, so the request that
// asked streams them as they are written instead of reading each back from the database. The
// workflow's DBOS stream stays the record: resuming (a reconnect, another request, a restart)
// reads that.
import type { AnswerStreamEvent } from '../threads/index.js';

type Follower = { push: (e: AnswerStreamEvent | null) => void };

export type LiveFeed = ReturnType<typeof createLiveFeed>;

export function createLiveFeed() {
  const followers = new Map<string, Set<Follower>>();

  /** Everything published for `id` from now on, in order; ends with `end(id)` or `close()`. */
  function follow(id: string) {
    const queue: (AnswerStreamEvent | null)[] = [];
    let wake: (() => void) | null = null;
    const follower: Follower = {
      push(e) {
        queue.push(e);
        wake?.();
      },
    };
    const set = followers.get(id) ?? new Set();
    set.add(follower);
    followers.set(id, set);
    const close = () => {
      set.delete(follower);
      if (set.size === 0 && followers.get(id) === set) followers.delete(id);
      follower.push(null);
    };
    async function* events(): AsyncGenerator<AnswerStreamEvent> {
      try {
        for (;;) {
          while (queue.length === 0) await new Promise<void>((r) => (wake = r));
          wake = null;
          const e = queue.shift()!;
          if (e === null) return;
          yield e;
        }
      } finally {
        close();
      }
    }
    return { events: events(), close };
  }

  return {
    follow,
    publish: (id: string, event: AnswerStreamEvent) => {
      for (const f of followers.get(id) ?? []) f.push(event);
    },
    /** The workflow for `id` ended here: its followers' streams end. */
    end: (id: string) => {
      for (const f of followers.get(id) ?? []) f.push(null);
    },
  };
}
