// The longest question the server takes: spec AskRequest.query_str has maxLength 2000, and the
// rule (services/threads/decide.ts) counts the question after trimming. Every ask box counts
// characters, shows what is left near the limit (in red past it, seed 000 §5 "Text areas"), and
// refuses a longer question in these words before it is sent.
import { clsx } from 'clsx';

export const MAX_QUESTION_LENGTH = 2000;
/** From this many characters on, the box shows how many are left. */
const SHOW_FROM = MAX_QUESTION_LENGTH - 200;
export const QUESTION_TOO_LONG = 'A question can be at most 2,000 characters. Shorten it to ask.';

/** Why this question cannot be sent, or null when it can (blank is just not sendable yet). */
export function questionProblem(question: string): string | null {
  return question.trim().length > MAX_QUESTION_LENGTH ? QUESTION_TOO_LONG : null;
}

/** The question to send (trimmed), whether it may go, and the text under the box. */
export function useQuestion(text: string) {
  const question = text.trim();
  const problem = questionProblem(question);
  return { question, problem, canAsk: question.length > 0 && !problem };
}

/** The count under an ask box; `id` is what the textarea's aria-describedby names. */
export function QuestionLength({ id, question }: { id: string; question: string }) {
  const left = MAX_QUESTION_LENGTH - question.length;
  const over = left < 0;
  return (
    <p
      id={id}
      aria-live="polite"
      className={clsx('px-2 text-xs tabular-nums', over ? 'font-medium text-red-600 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400')}
    >
      {over ? (
        <>
          {QUESTION_TOO_LONG} <span className="whitespace-nowrap">({(-left).toLocaleString('en')} over)</span>
        </>
      ) : question.length >= SHOW_FROM ? (
        `${left.toLocaleString('en')} characters left`
      ) : null}
    </p>
  );
}
