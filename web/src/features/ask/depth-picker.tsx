// The ask box's and the follow-up box's depth picker (Quick / Pro): a radio group whose choice is
// this device's preferred search mode (local settings), so the next question, here or in another
// box, asks at the same depth until changed.
import { clsx } from 'clsx';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { ANSWER_DEPTH_OPTIONS, answerDepthOf } from './answer-depth';

export function DepthPicker() {
  const { preferredAnswerDepth } = useSettings();
  const current = answerDepthOf(preferredAnswerDepth);
  return (
    <div role="radiogroup" aria-label="Answer depth" className="inline-flex rounded-full bg-neutral-100 p-0.5 text-xs font-medium dark:bg-neutral-800">
      {ANSWER_DEPTH_OPTIONS.map((o) => (
        <button
          key={o.depth}
          type="button"
          role="radio"
          aria-checked={current === o.depth}
          title={o.description}
          onClick={() => updateSettings({ preferredAnswerDepth: o.depth })}
          className={clsx(
            'rounded-full px-2.5 py-0.5 transition-colors',
            current === o.depth
              ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-neutral-50'
              : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-neutral-50',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The depth the next question asks at (the picker's choice). */
export function useAnswerDepth() {
  return answerDepthOf(useSettings().preferredAnswerDepth);
}
