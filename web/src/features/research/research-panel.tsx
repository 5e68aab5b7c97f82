// A Research report's progress in its entry: "Step N of M: …" while it runs (from the live
// `status` events), and the steps it took, kept with the entry (GET …/research), after a reload.
import { ListChecks } from '../../ui/icons';
import type { ResearchReport } from '../../../../generated/react-query/model';
import { useGetResearchReport } from '../../../../generated/react-query/threads/threads';

/** `asked`: asked as a report here (before the server has its steps, or any entry at all). */
type Props = { backendUuid?: string; pending: boolean; progress?: string; asked: boolean };

export function ResearchPanel({ backendUuid, pending, progress, asked }: Props) {
  const report = useGetResearchReport(backendUuid ?? '', {
    query: { enabled: !!backendUuid, retry: false, refetchInterval: pending ? 5_000 : false, select: (r) => r.data as ResearchReport },
  });
  const steps = report.data?.steps ?? [];
  const count = report.data?.step_count;
  // Live progress first; after a reload mid-report, the last step kept.
  const last = steps.at(-1);
  // An answer that only looks like a report (no steps kept) is shown as the answer it is.
  if (!report.data && !(asked && pending)) return null;
  const now = progress ?? (last && count ? `Step ${last.number} of ${count}: ${last.text}` : 'Starting the report');
  return (
    <section aria-label="Research progress" className="flex flex-col gap-2 rounded-xl border border-neutral-200 px-3 py-2.5 dark:border-neutral-800">
      <h3 className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
        <ListChecks className="size-4" /> Research
        {report.data?.status === 'stopped' && <span className="text-xs font-normal text-neutral-500">· stopped</span>}
      </h3>
      {pending && (
        <p role="status" aria-live="polite" className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="research-progress">
          {now}…
        </p>
      )}
      {steps.length > 0 && (
        <details open={pending ? undefined : false}>
          <summary className="cursor-pointer text-xs text-neutral-500 dark:text-neutral-400">
            {steps.length} of {count} steps
            {report.data?.sections.length ? ` · ${report.data.sections.length} sections` : ''}
          </summary>
          <ol className="mt-1 flex list-decimal flex-col gap-0.5 pl-5 text-xs text-neutral-600 dark:text-neutral-400">
            {steps.map((s) => (
              <li key={s.number}>{s.text}</li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
