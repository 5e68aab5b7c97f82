// The follow-up box at the bottom of a thread: Enter asks (Shift+Enter for a new line); a
// question over the limit is refused in the product's words, as in the ask box. A follow-up has
// the ask box's search filters and model choice too, kept for the next follow-ups until changed.
import { ArrowUp } from '../../ui/icons';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AskRequest } from '../../../../generated/sdk/types.gen';
import { useServerFeatures } from '../../platform/server-features';
import { ASK_BOX_FOCUS_RING } from '../../ui/focus-ring';
import { FiltersControl } from '../ask/filters-control';
import { ModelPicker } from '../ask/model-picker';
import { DepthPicker, useAnswerDepth } from '../ask/depth-picker';
import { QuestionLength, useQuestion } from '../ask/question-limit';
import { askFilterFields, NO_FILTERS, type FilterDraft } from '../ask/search-filters';
import { DictationButton, Heard, useDictation, withDictated } from '../ask/dictation';

/** What a follow-up adds to its question: the filters and the model chosen for it. */
export type FollowUpChoices = Pick<AskRequest, 'search_domain_filter' | 'search_recency_filter' | 'search_focus' | 'model_preference' | 'answer_depth'>;

export function FollowUpBox({ onAsk, disabled }: { onAsk: (question: string, choices: FollowUpChoices) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const { question, problem, canAsk } = useQuestion(text);
  const webSearch = useServerFeatures()?.web_search ?? false;
  const [filters, setFilters] = useState<FilterDraft>(NO_FILTERS);
  const [model, setModel] = useState<string | null>(null);
  const depth = useAnswerDepth();
  const dictation = useDictation((phrase) => setText((t) => withDictated(t, phrase)));
  const ask = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canAsk || disabled) return;
    onAsk(question, {
      ...(webSearch ? askFilterFields(filters) : {}),
      ...(model ? { model_preference: model } : {}),
      ...(depth !== 'quick' ? { answer_depth: depth } : {}),
    });
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) ask(e);
  };
  return (
    <div>
      <form
        onSubmit={ask}
        className={`flex items-end gap-2 ${ASK_BOX_FOCUS_RING} rounded-3xl border border-neutral-200 bg-white/95 p-2 pl-4 shadow-lg shadow-neutral-900/5 focus-within:border-neutral-300 dark:border-neutral-800 dark:bg-neutral-900/95 dark:shadow-black/30 dark:focus-within:border-neutral-700`}
      >
        <label htmlFor="follow-up-input" className="sr-only">
          Ask a follow-up
        </label>
        <textarea
          id="follow-up-input"
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a follow-up…"
          aria-invalid={problem ? true : undefined}
          aria-describedby="follow-up-input-length"
          className="block max-h-40 min-h-9 flex-1 resize-none bg-transparent py-2 text-sm placeholder:text-neutral-400 focus:outline-none"
        />
        <DictationButton dictation={dictation} />
        <button
          type="submit"
          aria-label="Ask follow-up"
          disabled={!canAsk || disabled}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 disabled:bg-neutral-200 disabled:text-neutral-400 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-600"
        >
          <ArrowUp className="size-4" />
        </button>
      </form>
      <Heard dictation={dictation} />
      <QuestionLength id="follow-up-input-length" question={question} />
      <div className="flex flex-wrap items-center gap-2 pt-2 empty:hidden">
        <DepthPicker />
        {webSearch && <FiltersControl draft={filters} onChange={setFilters} />}
        <ModelPicker model={model} onChange={setModel} />
      </div>
    </div>
  );
}
