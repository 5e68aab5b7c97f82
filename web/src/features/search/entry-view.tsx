// One question and its answer: sources, the markdown answer with citations, a streaming cursor
// while pending, the search filters it was asked with, the model that wrote it, related questions, and Stop, Rewrite, Copy, Translate,
// Check sources and the citation list.
import { AlertCircle, Check, Copy, CornerDownRight, Layers, RotateCcw, ShieldCheck, Sparkles, Square } from '../../ui/icons';
import { clsx } from 'clsx';
import { useContext, useState } from 'react';
import { ModalContext } from '../../platform/modals/context';
import { useServerFeatures } from '../../platform/server-features';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { sourcesTitle } from '../sources/sources-args';
import type { StreamSource } from '../ask/answer-stream';
import { AnswerMarkdown } from './answer-markdown';
import { STREAM_ERROR } from '../ask/live-answers';
import { modelLabel } from './model-label';
import { DomainAvatar, domainOf, SourceCards } from '../sources/source-cards';
import { TranslateAnswerButton } from './translate-answer';
import type { AnswerDepth, ProSearchLimit, ProSearchSteps, SearchFilters } from '../../../../generated/sdk/types.gen';
import { ProSearchStepsPanel } from './pro-search-steps';
import { ProSearchLimitCard } from './pro-search-limit';
import { FiltersUsed } from './filters-used';
import { DoItInMyBrowser } from '../agent/do-it-in-my-browser';
import { ResearchPanel } from '../research/research-panel';
import { isResearchReport } from '../research/is-report';
import { RESEARCH_REFUSALS, ResearchRefusal } from '../research/research-refusal';
import { ToolCalls } from '../mcp/tool-calls';
import { useSession } from '../../platform/session';
import { ProductCards } from '../shopping/products/product-cards';
import { PlaceCards } from '../places/place-cards';

export type ViewEntry = {
  key: string;
  /** The server's id of the entry, once it has one: source checks and the citation list need it. */
  backend_uuid?: string;
  query_str: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  sources: StreamSource[];
  related_questions: string[];
  error?: string | null;
  model?: string;
  /** The search filters the question was asked with. */
  search_filters?: SearchFilters;
  /** While pending, what the engine is doing ("Searching", "Reading 6 sources"). */
  progress?: string;
  /** A Research report: its progress and steps are shown with it. */
  research?: boolean;
  /** The problem's code when the question was refused before any answer. */
  error_code?: string;
  /** The depth it is answered at (live answers only: a kept Pro Search shows its steps). */
  answer_depth?: AnswerDepth;
  /** Why Pro Search was not used (live answers only: the answer itself says so too). */
  pro_search_limit?: ProSearchLimit;
  pro_search_queries?: string[];
  pro_search_steps?: ProSearchSteps;
};

type Props = {
  entry: ViewEntry;
  first?: boolean;
  onAsk?: (question: string) => void;
  onRewrite?: () => void;
  onStop?: () => void;
  /** The viewer owns the thread: the citation list lets them remove sources. */
  isOwner?: boolean;
  /** The thread's title once renamed (first entry only): the heading, with the question under it. */
  renamed?: string | null;
  /** The thread's context_uuid: an answered buying question's product cards are asked with it. */
  threadToken?: string;
};

export function EntryView({ entry, first, onAsk, onRewrite, onStop, isOwner = false, renamed, threadToken }: Props) {
  const pending = entry.status === 'pending';
  const [copied, setCopied] = useState(false);
  const [translated, setTranslated] = useState<string | null>(null);
  // The source modals live in the app's modal host; without one (a bare embed) they are not offered.
  const modals = useContext(ModalContext);
  const translation = useServerFeatures()?.translation ?? false;
  const backendUuid = entry.backend_uuid;
  // Tool calls are the asker's own: only a signed-in viewer can have any.
  const signedIn = !!useSession().user;
  const Heading = first ? 'h1' : 'h2';
  const research = isResearchReport(entry);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(entry.answer);
      setCopied(true);
      setTimeout(() => setCopied(false), TOAST_DURATION.short);
      toast.success('Copied to clipboard', { duration: TOAST_DURATION.short });
    } catch {
      toast.error('Could not copy the answer', { duration: TOAST_DURATION.normal });
    }
  };

  return (
    <article aria-label={entry.query_str} className="flex flex-col gap-5" data-status={entry.status}>
      <Heading className="text-2xl font-semibold leading-snug tracking-tight text-neutral-900 sm:text-[1.75rem] dark:text-neutral-50">
        {renamed ?? entry.query_str}
      </Heading>
      {renamed && <p className="-mt-3 text-sm text-neutral-500 dark:text-neutral-400">{entry.query_str}</p>}
      <FiltersUsed filters={entry.search_filters} />
      {entry.pro_search_limit && <ProSearchLimitCard limit={entry.pro_search_limit} />}
      {(entry.pro_search_steps || entry.answer_depth === 'pro') && (
        <ProSearchStepsPanel steps={entry.pro_search_steps} liveQueries={entry.pro_search_queries} pending={pending} />
      )}

      {(entry.sources.length > 0 || pending) && (
        <section aria-label="Sources section" className="flex flex-col gap-2">
          <h3 className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
            <Layers className="size-4" /> Sources
          </h3>
          {entry.sources.length > 0 ? (
            <SourceCards sources={entry.sources} entryUuid={entry.backend_uuid} />
          ) : (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-hidden>
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-[68px] animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" />
              ))}
            </div>
          )}
        </section>
      )}

      {/* A report resumed after a reload is marked by the server (research_report). */}
      {research && <ResearchPanel backendUuid={backendUuid} pending={pending} progress={entry.progress} asked={!!entry.research} />}
      {signedIn && backendUuid && <ToolCalls backendUuid={backendUuid} answering={pending} />}

      <section aria-label="Answer" className="flex flex-col gap-2">
        <h3 className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
          <Sparkles className={clsx('size-4', pending && 'animate-pulse')} /> Answer
        </h3>
        {pending && !entry.answer && entry.progress && !research ? (
          <p role="status" aria-live="polite" className="text-sm text-neutral-500 dark:text-neutral-400" data-testid="answer-progress">
            {entry.progress}…
          </p>
        ) : (
          pending && (
            <span className="sr-only" role="status">
              Answering…
            </span>
          )
        )}
        {entry.answer ? (
          <div className={clsx(pending && 'streaming')}>
            <AnswerMarkdown text={translated ?? entry.answer} sources={entry.sources} />
          </div>
        ) : pending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <div className="h-3.5 w-11/12 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
            <div className="h-3.5 w-4/5 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
            <div className="h-3.5 w-2/3 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
          </div>
        ) : null}
        {entry.status === 'failed' && entry.error_code && RESEARCH_REFUSALS.has(entry.error_code) ? (
          <ResearchRefusal code={entry.error_code} detail={entry.error ?? ''} question={entry.query_str} />
        ) : (
          entry.status === 'failed' && (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
            >
              <AlertCircle className="size-4 shrink-0" />
              <span className="flex-1">
                {entry.error && entry.error !== 'stream error' && entry.error !== STREAM_ERROR && !entry.error.startsWith('This answer')
                  ? `${STREAM_ERROR} (${entry.error})`
                  : STREAM_ERROR}
              </span>
              {onRewrite && (
                <button type="button" onClick={onRewrite} className="btn-secondary !py-1">
                  <RotateCcw className="size-3.5" /> Rewrite
                </button>
              )}
            </div>
          )
        )}
        {entry.status === 'stopped' && <p className="text-sm text-neutral-500 dark:text-neutral-400">Stopped.</p>}
      </section>

      {/* Asked once the answer is done, so its sources never wait for the catalogue. */}
      {entry.status === 'completed' && backendUuid && threadToken && <ProductCards backendUuid={backendUuid} query={entry.query_str} token={threadToken} />}
      {entry.status === 'completed' && backendUuid && threadToken && <PlaceCards backendUuid={backendUuid} query={entry.query_str} token={threadToken} />}

      <div className="flex flex-wrap items-center gap-1 border-b border-neutral-100 pb-4 dark:border-neutral-900">
        {pending ? (
          onStop && (
            <button type="button" onClick={onStop} className="btn-secondary !py-1.5">
              <Square className="size-3.5 fill-current" /> Stop
            </button>
          )
        ) : (
          <>
            {onRewrite && entry.status !== 'failed' && (
              <button type="button" onClick={onRewrite} className="btn-ghost" aria-label="Rewrite">
                <RotateCcw className="size-4" /> <span className="hidden sm:inline">Rewrite</span>
              </button>
            )}
            {entry.answer && (
              <button type="button" onClick={copy} className="btn-ghost" aria-label="Copy">
                {copied ? <Check className="size-4" /> : <Copy className="size-4" />} <span className="hidden sm:inline">Copy</span>
              </button>
            )}
            {/* The in-browser agent, in the app's shell only (it needs the modal host). */}
            {modals && entry.answer && <DoItInMyBrowser question={entry.query_str} entryKey={entry.key} />}
            {/* Offered only where the server translates (TRANSLATE_URL). */}
            {entry.answer && translation && <TranslateAnswerButton text={entry.answer} onTranslated={setTranslated} />}
            {modals && backendUuid && entry.answer && (
              <button type="button" onClick={() => modals.open('checkSources', { backend_uuid: backendUuid })} className="btn-ghost" aria-label="Check sources">
                <ShieldCheck className="size-4" /> <span className="hidden sm:inline">Check sources</span>
              </button>
            )}
            {modals && backendUuid && (
              <button
                type="button"
                onClick={() => modals.open('citationList', { backend_uuid: backendUuid, sources: entry.sources, canRemove: isOwner })}
                className="btn-ghost"
                aria-label={`${sourcesTitle(entry.sources.length)}, open the citation list`}
              >
                <SourceStack entry={entry} /> <span className="text-sm">{sourcesTitle(entry.sources.length)}</span>
              </button>
            )}
          </>
        )}
        {!pending && entry.model && <span className="ml-auto text-xs text-neutral-500 dark:text-neutral-400">{modelLabel(entry.model, entry.sources)}</span>}
      </div>

      {!pending && entry.related_questions.length > 0 && onAsk && (
        <section aria-label="Related" className="flex flex-col gap-1">
          <h3 className="flex items-center gap-2 pb-1 text-sm font-medium text-neutral-600 dark:text-neutral-400">
            <CornerDownRight className="size-4" /> Related
          </h3>
          <ul className="divide-y divide-neutral-100 dark:divide-neutral-900">
            {entry.related_questions.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => onAsk(q)}
                  className="flex w-full items-center justify-between gap-3 py-2.5 text-left text-sm text-neutral-700 transition-colors hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white"
                >
                  {q}
                  <span aria-hidden className="text-lg leading-none text-neutral-400">
                    +
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** Up to three overlapping domain avatars, or the Layers icon when there are no sources. */
function SourceStack({ entry }: { entry: ViewEntry }) {
  const domains = [...new Set(entry.sources.map(domainOf))].slice(0, 3);
  if (domains.length === 0) return <Layers className="size-4" />;
  return (
    <span aria-hidden className="flex -space-x-1">
      {domains.map((d) => (
        <span key={d} className="rounded-full ring-2 ring-white dark:ring-neutral-950">
          <DomainAvatar domain={d} />
        </span>
      ))}
    </span>
  );
}
