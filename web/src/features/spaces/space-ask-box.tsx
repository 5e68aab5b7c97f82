// Asking inside a Space: the answer starts here with the Space's uuid, then /search/new shows
// the same stream (read from the query cache by its stream id), so the new thread lands in the Space (whose thread list refetches when the page shows again). A
// reader's question uses the Space's links and instructions, but the thread stays theirs.
import { ArrowUp } from '../../ui/icons';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Collection } from '../../../../generated/react-query/model';
import { canEditSources } from '../../../../services/spaces/pure';
import { ASK_BOX_FOCUS_RING } from '../../ui/focus-ring';
import { useServerFeatures } from '../../platform/server-features';
import { QuestionLength, useQuestion } from '../ask/question-limit';
import { spaceAskScope } from '../ask/search-mode';
import { useStartThread } from '../ask/use-start-thread';

export const READER_ASK_NOTE = "Answers use this Space's links and instructions; your threads stay your own and are not added to the Space.";

export function SpaceAskBox({ space }: { space: Collection }) {
  const [text, setText] = useState('');
  const addsToSpace = canEditSources(space.user_permission);
  const { question, problem, canAsk } = useQuestion(text);
  const startThread = useStartThread();
  const webSearch = useServerFeatures()?.web_search ?? false;

  const ask = (e?: FormEvent) => {
    e?.preventDefault();
    if (canAsk) startThread(question, { collectionUuid: space.uuid });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) ask(e);
  };

  return (
    <div className="flex flex-col gap-2">
      <form
        onSubmit={ask}
        className={`w-full rounded-3xl border border-neutral-200 bg-white p-3 shadow-sm focus-within:border-neutral-300 focus-within:shadow-md dark:border-neutral-800 dark:bg-neutral-900 dark:focus-within:border-neutral-700 ${ASK_BOX_FOCUS_RING}`}
      >
        <label htmlFor="space-ask-input" className="sr-only">
          Ask in {space.title}
        </label>
        <textarea
          id="space-ask-input"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Ask anything in ${space.title}…`}
          aria-invalid={problem ? true : undefined}
          aria-describedby="space-ask-input-length"
          className="block max-h-64 min-h-14 w-full resize-none bg-transparent px-2 py-1 text-base placeholder:text-neutral-400 focus:outline-none"
        />
        <QuestionLength id="space-ask-input-length" question={question} />
        <div className="flex items-center justify-between pt-1">
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{spaceAskScope(space.enable_web_by_default, webSearch)}</span>
          <button
            type="submit"
            aria-label="Ask"
            disabled={!canAsk}
            className="grid size-9 place-items-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 disabled:bg-neutral-200 disabled:text-neutral-400 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-600"
          >
            <ArrowUp className="size-4" />
          </button>
        </div>
      </form>
      {!addsToSpace && <p className="px-3 text-xs text-neutral-500 dark:text-neutral-400">{READER_ASK_NOTE}</p>}
    </div>
  );
}
