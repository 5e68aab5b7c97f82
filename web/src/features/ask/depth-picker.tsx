// The ask box's and the follow-up box's depth picker (Quick / Pro / Research): a radio group whose choice is
// this device's preferred search mode (local settings), so the next question, here or in another
// box, asks at the same depth until changed.
import { clsx } from 'clsx';
import { useId } from 'react';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { useServerFeatures } from '../../platform/server-features';
import { ANSWER_DEPTH_OPTIONS, answerDepthOf, PRO_NEEDS_WEB } from './answer-depth';

export function DepthPicker() {
  const { preferredAnswerDepth } = useSettings();
  const webSearch = useServerFeatures()?.web_search ?? false;
  const current = answerDepthOf(preferredAnswerDepth, webSearch);
  // Each picker its own group: an ask box and a follow-up box may share a page.
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-full bg-neutral-100 p-0.5 text-xs font-medium dark:bg-neutral-800">
      <legend className="sr-only">Answer depth</legend>
      {ANSWER_DEPTH_OPTIONS.map((o) => (
        <label
          key={o.depth}
          title={o.depth === 'pro' && !webSearch ? PRO_NEEDS_WEB : o.description}
          className={clsx(
            'cursor-pointer rounded-full has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 px-2.5 py-0.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neutral-400',
            current === o.depth
              ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-neutral-50'
              : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-neutral-50',
          )}
        >
          <input
            type="radio"
            name={name}
            value={o.depth}
            checked={current === o.depth}
            disabled={o.depth === 'pro' && !webSearch}
            onChange={() => updateSettings({ preferredAnswerDepth: o.depth })}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The depth the next question asks at (the picker's choice). */
export function useAnswerDepth() {
  return answerDepthOf(useSettings().preferredAnswerDepth, useServerFeatures()?.web_search ?? false);
}
