// How an answer's events go out: to the workflow's stream (the record, which resuming reads) and
// to the requests following the answer live. An event is shown once it is in the stream, so what
// a reader saw survives a crash; or at once when the thread's events already hold what it says
// (`inThread`: sources found, the entry ended) and nothing unshown is ahead of it. Emitting does
// not wait for the stream: the answer goes on, and the events emitted meanwhile (in the same
// tick, or while a write is under way) go in the next write together, one write (a few
// database round trips) for a burst instead of one each.
import { isFinal, type AnswerStreamEvent, type AnswerStreamValue } from '../threads/index.js';

type Queued = { event: AnswerStreamEvent; shown: boolean };

export type StreamWriter = ReturnType<typeof createStreamWriter>;

export function createStreamWriter(write: (value: AnswerStreamValue) => Promise<void>, show: (event: AnswerStreamEvent) => void) {
  let queued: Queued[] = [];
  let unshown = 0;
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  let ended = false;

  const showOnce = (q: Queued) => {
    if (q.shown) return;
    q.shown = true;
    unshown--;
    show(q.event);
  };

  const writeQueued = async () => {
    try {
      // Let the rest of this tick's events join the first write.
      await new Promise<void>((resolve) => process.nextTick(resolve));
      while (queued.length) {
        const batch = queued;
        queued = [];
        await write(batch.length === 1 ? batch[0].event : batch.map((q) => q.event));
        for (const q of batch) {
          ended ||= isFinal(q.event);
          showOnce(q);
        }
      }
    } catch (error) {
      // What was not written is not shown either; the failure surfaces at `flush`.
      failure ??= { error };
      queued = [];
    } finally {
      writing = null;
    }
  };

  return {
    async emit(event: AnswerStreamEvent, opts?: { inThread?: boolean }) {
      const q: Queued = { event, shown: false };
      unshown++;
      if (opts?.inThread && unshown === 1) showOnce(q);
      queued.push(q);
      writing ??= writeQueued();
    },
    /** Waits for every emitted event's write; throws the first write's failure since the last flush. */
    async flush() {
      while (writing) await writing;
      const failed = failure;
      failure = null;
      if (failed) throw failed.error;
    },
    /** Whether a last event (`completed`, `failed`) is in the stream. */
    get ended() {
      return ended;
    },
  };
}
