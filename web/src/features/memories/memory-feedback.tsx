// Helpful / not helpful on a memory (seed 003 §4): a click submits, a click on the one already
// chosen clears it, thumbs-down toggles at once. Not helpful asks why: preset reasons, 'Other...'
// with a comment (send disabled while empty, Enter without Shift sends); then 'Thank you for
// your detailed feedback!' for 2 s. Marked not helpful, the memory says it will not be used.
import { useQueryClient } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from '../../ui/icons';
import { clsx } from 'clsx';
import { useState } from 'react';
import {
  getGetMemoryEntriesQueryKey,
  useGetMemoryEntries,
  useSubmitMemoryFeedback,
  useToggleMemoryEntryFeedback,
} from '../../../../generated/react-query/memories/memories';
import type { MemoryFeedbackType } from '../../../../generated/react-query/model';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { MEMORY_CALL } from './use-memories';

export const NOT_REFERENCED = 'This memory will not be referenced in future searches.';
export const FEEDBACK_THANKS = 'Thank you for your detailed feedback!';
const REASONS: { type: MemoryFeedbackType; label: string }[] = [
  { type: 'out_of_date', label: 'Out of date' },
  { type: 'inaccurate', label: 'Inaccurate' },
  { type: 'irrelevant', label: 'Irrelevant' },
];

export function MemoryFeedback({ memoryKey, feedbackEntryUuid }: { memoryKey: string; feedbackEntryUuid?: string }) {
  const client = useQueryClient();
  const key = getGetMemoryEntriesQueryKey({ entry_uuid: memoryKey });
  const entries = useGetMemoryEntries(
    { entry_uuid: memoryKey },
    { request: MEMORY_CALL, query: { select: (r) => (r.status === 200 ? r.data.entries[0] : undefined) } },
  );
  const [verdict, setVerdict] = useState<'helpful' | 'not_helpful' | null | undefined>(undefined);
  const current = verdict === undefined ? (entries.data?.feedback ?? null) : verdict;
  const [asking, setAsking] = useState(false);
  const [other, setOther] = useState(false);
  const [comment, setComment] = useState('');
  const refresh = () => client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/rest/memories') });
  const toggle = useToggleMemoryEntryFeedback({
    request: MEMORY_CALL,
    mutation: {
      onSettled: () => client.invalidateQueries({ queryKey: key }).then(refresh),
    },
  });
  const detailed = useSubmitMemoryFeedback({
    request: MEMORY_CALL,
    mutation: {
      onSuccess: () => {
        toast.success(FEEDBACK_THANKS, { duration: TOAST_DURATION.short });
        setAsking(false);
        setOther(false);
        setComment('');
      },
      onSettled: refresh,
    },
  });

  const click = (v: 'helpful' | 'not_helpful') => {
    const previous = current;
    const next = current === v ? null : v;
    setVerdict(next);
    setAsking(next === 'not_helpful');
    toggle.mutate(
      {
        params: {
          entry_uuid: memoryKey,
          feedback: v,
          should_forget: v === 'not_helpful',
          ...(feedbackEntryUuid ? { feedback_entry_uuid: feedbackEntryUuid } : {}),
        },
      },
      // Thumbs toggle at once; a refusal puts the verdict back.
      { onError: () => setVerdict(previous) },
    );
  };
  const send = (type: MemoryFeedbackType, text: string | null = null) =>
    detailed.mutate({ data: { memory_key: memoryKey, type, comment: text, shouldForget: true, feedbackEntryUuid: feedbackEntryUuid ?? null } });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <span className="text-sm text-neutral-500">Was this memory helpful?</span>
        <button
          type="button"
          aria-label="Helpful"
          aria-pressed={current === 'helpful'}
          onClick={() => click('helpful')}
          className={clsx('rounded-lg p-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800', current === 'helpful' && 'text-emerald-600')}
        >
          <ThumbsUp className="size-4" />
        </button>
        <button
          type="button"
          aria-label="Not helpful"
          aria-pressed={current === 'not_helpful'}
          onClick={() => click('not_helpful')}
          className={clsx('rounded-lg p-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800', current === 'not_helpful' && 'text-red-600')}
        >
          <ThumbsDown className="size-4" />
        </button>
      </div>
      {current === 'not_helpful' && <p className="text-sm text-neutral-500">{NOT_REFERENCED}</p>}
      {asking && (
        <fieldset className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-700">
          <legend className="px-1 text-sm font-medium">What was wrong with it?</legend>
          <div className="flex flex-wrap gap-2">
            {REASONS.map((r) => (
              <button key={r.type} type="button" className="rounded-full border px-3 py-1 text-sm" onClick={() => send(r.type)}>
                {r.label}
              </button>
            ))}
            <button type="button" className="rounded-full border px-3 py-1 text-sm" aria-pressed={other} onClick={() => setOther(true)}>
              Other...
            </button>
          </div>
          {other && (
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (comment.trim()) send('comment', comment.trim());
              }}
            >
              <textarea
                aria-label="Comment"
                value={comment}
                rows={2}
                onChange={(e) => setComment(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    if (comment.trim()) send('comment', comment.trim());
                  }
                }}
                className="flex-1 rounded-lg border px-2 py-1 text-sm dark:bg-neutral-900"
              />
              <button
                type="submit"
                disabled={!comment.trim()}
                className="rounded-lg bg-neutral-900 px-3 text-sm text-white disabled:opacity-40 dark:bg-white dark:text-black"
              >
                Send
              </button>
            </form>
          )}
        </fieldset>
      )}
    </div>
  );
}
