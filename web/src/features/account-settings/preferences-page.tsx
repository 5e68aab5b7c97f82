// /account/preferences: theme, answer language, default search mode and incognito by default,
// kept with the account. Each change is saved at once and applied here at once; a refusal puts
// the saved value back and says why.
import type { AccountPreferences } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useServerFeatures } from '../../platform/server-features';
import { ColourSchemeChoice } from '../../platform/settings/colour-scheme-choice';
import { WEB_MODE_OFF } from '../ask/search-mode';
import { applyAccountPreferences, useAccountPreferences, useSavePreferences } from './account-preferences';
import { LANGUAGE_CHOICES, SEARCH_MODE_CHOICES } from './labels';
import { SaveStatus, SignedInOnly } from './signed-in-only';

export default function PreferencesPage() {
  return (
    <SignedInOnly title="Preferences">
      <PreferencesForm />
    </SignedInOnly>
  );
}

function PreferencesForm() {
  const prefs = useAccountPreferences();
  const save = useSavePreferences();
  const webSearch = useServerFeatures()?.web_search ?? false;
  if (prefs.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(prefs.error)} />;
  const saved = prefs.data;
  if (!saved) return <p className="text-neutral-500">Loading…</p>;
  // While a save is under way, show what it will save; a change made meanwhile builds on it.
  const shown = save.isPending && save.variables ? save.variables.data : saved;
  const change = (patch: Partial<AccountPreferences>) => {
    const next = { ...shown, ...patch };
    applyAccountPreferences(next, shown); // at once, before the server answers
    save.mutate({ data: next }, { onError: () => applyAccountPreferences(saved, next) });
  };
  return (
    <div className="space-y-8">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Kept with your account: every device you sign in on uses them.</p>
      <fieldset className="space-y-2">
        <legend className="text-lg font-medium">Theme</legend>
        <ColourSchemeChoice name="account-theme" value={shown.theme} onChange={(theme) => change({ theme })} />
      </fieldset>

      <div className="space-y-2">
        <label htmlFor="answer-language" className="text-lg font-medium">
          Answer language
        </label>
        <p id="answer-language-hint" className="text-sm text-neutral-500 dark:text-neutral-400">
          The language answers are written in. The offline answer model quotes its sources as they are.
        </p>
        <select
          id="answer-language"
          aria-describedby="answer-language-hint"
          className="field max-w-sm"
          value={shown.answer_language}
          onChange={(e) => change({ answer_language: e.target.value as AccountPreferences['answer_language'] })}
        >
          {LANGUAGE_CHOICES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-lg font-medium">Default search mode</legend>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Where the ask box looks first for new questions.</p>
        {SEARCH_MODE_CHOICES.map((m) => {
          const off = m.value === 'web' && !webSearch;
          return (
            <label key={m.value} className="flex items-start gap-2">
              <input
                type="radio"
                name="default-search-mode"
                className="mt-1"
                disabled={off}
                checked={shown.default_search_mode === m.value}
                onChange={() => change({ default_search_mode: m.value })}
              />
              <span>
                <span className="font-medium">{m.label}</span>{' '}
                <span className="text-sm text-neutral-500 dark:text-neutral-400">{off ? `${WEB_MODE_OFF}.` : m.text}</span>
              </span>
            </label>
          );
        })}
      </fieldset>

      <div className="space-y-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={shown.incognito_by_default} onChange={(e) => change({ incognito_by_default: e.target.checked })} />
          <span className="text-lg font-medium">Incognito by default</span>
        </label>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          New threads start incognito: they are not kept in your library. You can still turn incognito off for a while with the ; key.
        </p>
      </div>

      <SaveStatus pending={save.isPending} saved={save.isSuccess} error={save.isError ? problemMessage(save.error) : null} />
    </div>
  );
}
