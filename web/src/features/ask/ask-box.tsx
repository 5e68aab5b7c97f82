// The ask box: a labelled textarea; Enter asks (Shift+Enter for a new line). The answer starts
// here and /search/new shows it; a question over the limit is refused in the product's words.
// Beside it, the search mode the question is asked in (Web disabled with the reason where the
// server has no web search, which is then said once below the box), the search filters, and the
// model (a picker where the plan allows it, else the plan's upsell), and how deep it goes (Quick, Pro or Research);
// and dictation, through the browser's speech recognition where it has one. While a signed-in
// person types, suggestions (tickers, their questions, news, related questions, shortcuts) open
// below; arrows move through them, Enter picks the highlighted one, Escape closes the list.
import { ArrowUp, EyeOff } from '../../ui/icons';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { registerAskInput } from '../../platform/ask-focus';
import { ASK_BOX_FOCUS_RING } from '../../ui/focus-ring';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { QuestionLength, useQuestion } from './question-limit';
import { useServerFeatures } from '../../platform/server-features';
import { searchModeChoices, searchModeOf, WEB_SEARCH_OFF_NOTE } from './search-mode';
import { useStartThread } from './use-start-thread';
import { matchingShortcuts, ShortcutPicker } from '../tasks/shortcut-picker';
import { useTasks } from '../tasks/use-tasks';
import { FiltersControl } from './filters-control';
import { ModelPicker } from './model-picker';
import { DepthPicker } from './depth-picker';
import { askFilterFields, NO_FILTERS, type FilterDraft } from './search-filters';
import { DictationButton, Heard, useDictation, VoiceModeButton, withDictated } from './dictation';
import { useSession } from '../../platform/session';
import { type ShownSuggestion, useAskSuggestions } from './use-ask-suggestions';
import { AskSuggestionList, SUGGESTION_LIST_ID, suggestionOptionId } from './ask-suggestion-list';

export function AskBox() {
  const [text, setText] = useState('');
  const { incognito, preferredSearchMode } = useSettings();
  const { question, problem, canAsk } = useQuestion(text);
  const features = useServerFeatures();
  const webSearch = features?.web_search ?? false;
  const startThread = useStartThread();
  // Typing / first lists the person's shortcuts (seed 003: shortcuts run from the ask box).
  const shortcuts = useTasks('SHORTCUT');
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [filters, setFilters] = useState<FilterDraft>(NO_FILTERS);
  const [model, setModel] = useState<string | null>(null);
  const dictation = useDictation((phrase) => setText((t) => withDictated(t, phrase)));
  const more = { ask: { ...askFilterFields(filters), ...(model ? { model_preference: model } : {}) } };
  const matches = dismissed ? null : matchingShortcuts(text, shortcuts.data);
  const runShortcut = (prompt: string) => {
    setText('');
    startThread(prompt, more);
  };
  const { user } = useSession();
  const suggestions = useAskSuggestions(text, !!user);
  const [suggested, setSuggested] = useState(-1);
  const [suggestionsClosed, setSuggestionsClosed] = useState(false);
  const showSuggestions = !matches && !suggestionsClosed && suggestions.shown.length > 0;
  const pickSuggestion = (s: ShownSuggestion) => {
    setSuggestionsClosed(true);
    // A headline opens its article; anything else is asked.
    if (s.item.url) window.open(s.item.url, '_blank', 'noopener,noreferrer');
    else runShortcut(s.item.text);
  };

  const ask = (e?: FormEvent) => {
    e?.preventDefault();
    if (canAsk) startThread(question, more);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const n = Math.max(1, matches.length);
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
        return;
      }
      if (e.key === 'Escape') return setDismissed(true);
      if (e.key === 'Enter' && !e.shiftKey && matches[active]) {
        e.preventDefault();
        return runShortcut(matches[active].query.prompt);
      }
    }
    if (showSuggestions) {
      const n = suggestions.shown.length;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        // -1 is the text itself: Enter then asks what was typed.
        setSuggested((i) => (e.key === 'ArrowDown' ? (i + 2) % (n + 1) : (i + n + 1) % (n + 1)) - 1);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        return setSuggestionsClosed(true);
      }
      const picked = suggestions.shown[suggested];
      if (e.key === 'Enter' && !e.shiftKey && picked) {
        e.preventDefault();
        return pickSuggestion(picked);
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) ask(e);
  };

  return (
    <form
      onSubmit={ask}
      className={`w-full rounded-3xl border border-neutral-200 bg-white p-3 shadow-sm transition-shadow focus-within:border-neutral-300 focus-within:shadow-md dark:border-neutral-800 dark:bg-neutral-900 dark:focus-within:border-neutral-700 ${ASK_BOX_FOCUS_RING}`}
    >
      <label htmlFor="ask-input" className="sr-only">
        Ask anything
      </label>
      <textarea
        id="ask-input"
        ref={registerAskInput}
        rows={2}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setSuggested(-1);
          setSuggestionsClosed(false);
          if (!e.target.value.startsWith('/')) setDismissed(false);
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={!!matches || showSuggestions}
        aria-controls={matches ? 'ask-shortcuts' : showSuggestions ? SUGGESTION_LIST_ID : undefined}
        aria-activedescendant={matches?.[active] ? `ask-shortcut-${active}` : showSuggestions && suggested >= 0 ? suggestionOptionId(suggested) : undefined}
        onKeyDown={onKeyDown}
        placeholder="Ask anything…"
        aria-invalid={problem ? true : undefined}
        aria-describedby="ask-input-length"
        className="block max-h-64 min-h-14 w-full resize-none bg-transparent px-2 py-1 text-base placeholder:text-neutral-400 focus:outline-none"
      />
      {matches && <ShortcutPicker items={matches} active={active} pick={(t) => runShortcut(t.query.prompt)} />}
      {showSuggestions && <AskSuggestionList lists={suggestions.lists} shown={suggestions.shown} active={suggested} pick={pickSuggestion} />}
      <Heard dictation={dictation} />
      <QuestionLength id="ask-input-length" question={question} />
      <div className="flex items-center justify-between pt-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* Starts as the account's default search mode (account > preferences). */}
          <select
            aria-label="Search mode"
            value={searchModeOf(preferredSearchMode, webSearch)}
            onChange={(e) => updateSettings({ preferredSearchMode: e.target.value })}
            className="rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
          >
            {searchModeChoices(webSearch).map((c) => (
              <option key={c.mode} value={c.mode} disabled={!!c.disabledReason} title={c.disabledReason ?? undefined}>
                {c.label}
              </option>
            ))}
          </select>
          <DepthPicker />
          {webSearch && <FiltersControl draft={filters} onChange={setFilters} />}
          <ModelPicker model={model} onChange={setModel} />
          {incognito && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
              <EyeOff className="size-3.5" /> Incognito
            </span>
          )}
        </div>
        <div className="flex items-center gap-1">
          <VoiceModeButton />
          <DictationButton dictation={dictation} />
          <button
            type="submit"
            aria-label="Ask"
            disabled={!canAsk}
            className="grid size-9 place-items-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 disabled:bg-neutral-200 disabled:text-neutral-400 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-600"
          >
            <ArrowUp className="size-4" />
          </button>
        </div>
      </div>
      {features && !features.web_search && <p className="px-2 pt-1 text-xs text-neutral-500 dark:text-neutral-400">{WEB_SEARCH_OFF_NOTE}</p>}
    </form>
  );
}
