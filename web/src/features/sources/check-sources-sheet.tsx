// Check sources (seeds: a side sheet, a bottom sheet on mobile): "Checking..." while the server
// checks, then "N sources" or "No sources" with a verdict for each cited sentence, or an error
// with Retry.
import { AlertCircle, Loader2, RotateCcw, ShieldCheck } from '../../ui/icons';
import { useEffect, useRef } from 'react';
import { useCheckEntrySources } from '../../../../generated/react-query/threads/threads';
import type { SourceCheck, SourcesCheck } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import type { ModalProps } from '../../platform/modals/types';
import { contentKeys } from '../../ui/content-keys';
import { ModalTitle } from '../../ui/modal-parts';
import { sourcesTitle, type CheckSourcesArgs } from './sources-args';
import { VerdictBadge } from './verdict-badge';

export const CHECKING_TEXT = 'Checking...';
export const CHECK_FAILED_TEXT = 'Could not check the sources.';

export default function CheckSourcesSheet({ args }: ModalProps<CheckSourcesArgs>) {
  const check = useCheckEntrySources();
  const started = useRef(false);
  const run = () => check.mutate({ backendUuid: args.backend_uuid });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening; `run` is a new function each render and the ref guards against StrictMode's second run.
  useEffect(() => {
    // Once per opening, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    run();
  }, []);

  const result = check.data?.data as SourcesCheck | undefined;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <span className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-neutral-500" /> Check sources
        </span>
      </ModalTitle>
      {check.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
        >
          <p className="flex items-center gap-2 font-medium">
            <AlertCircle aria-hidden className="size-4 shrink-0" /> {CHECK_FAILED_TEXT}
          </p>
          {check.error instanceof ApiError && check.error.problem.detail && <p>{check.error.problem.detail}</p>}
          <button type="button" onClick={run} className="btn-secondary !py-1">
            <RotateCcw className="size-3.5" /> Retry
          </button>
        </div>
      ) : result ? (
        <CheckResult result={result} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-400">
          <Loader2 aria-hidden className="size-4 animate-spin" /> {CHECKING_TEXT}
        </p>
      )}
    </div>
  );
}

function CheckResult({ result }: { result: SourcesCheck }) {
  const keys = contentKeys(result.checks.map((c) => `${c.sentence} [${c.citations.join(',')}]`));
  return (
    <>
      <div className="flex flex-col gap-0.5" role="status">
        <h3 className="text-base font-semibold">{sourcesTitle(result.sources_count)}</h3>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {result.checked_with === 'llm'
            ? 'Judged by the language model against the cited passages.'
            : 'Measured by the words each sentence shares with the passages it cites.'}
        </p>
      </div>
      {result.checks.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">This answer has no cited sentences to check.</p>
      ) : (
        <ol aria-label="Cited sentences" className="flex flex-col divide-y divide-neutral-100 dark:divide-neutral-800">
          {result.checks.map((c, i) => (
            <CheckRow key={keys[i]} check={c} />
          ))}
        </ol>
      )}
    </>
  );
}

function CheckRow({ check }: { check: SourceCheck }) {
  return (
    <li className="flex flex-col gap-1.5 py-3" aria-label={check.sentence}>
      <div className="flex flex-wrap items-center gap-1.5">
        <VerdictBadge verdict={check.verdict} />
        {check.citations.map((n) => (
          <span
            key={n}
            className="rounded-md bg-neutral-100 px-1.5 py-0.5 text-[11px] font-medium tabular-nums text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
          >
            {/* A bare number to the eye; a screen reader hears which source it is. */}
            <span aria-hidden>{n}</span>
            <span className="sr-only">Source {n}</span>
          </span>
        ))}
        <span
          className="ml-auto text-[11px] tabular-nums text-neutral-500 dark:text-neutral-400"
          title="Share of the sentence's words found in the cited passages"
        >
          {Math.round(check.score * 100)}% overlap
        </span>
      </div>
      <p className="text-sm leading-relaxed text-neutral-800 dark:text-neutral-200">{check.sentence}</p>
      {check.reason && <p className="text-xs italic text-neutral-500 dark:text-neutral-400">{check.reason}</p>}
    </li>
  );
}
