// /account/org/insights: questions per day, active members, files indexed and answers with
// failed citations over 7, 30 or 90 days, each a bar chart with its table beside it, and the
// Spaces asked in most. Owners and admins only; the server counts from the event log. A metric
// with nothing counted in the period says so instead of drawing an empty chart.
import { useState } from 'react';
import { useGetOrgInsights } from '../../../../generated/react-query/organizations/organizations';
import type { OrgInsights } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { OrgGate } from './org-gate';
import { isManager } from './org-sections';

const RANGES = [7, 30, 90] as const;
type Metric = 'questions' | 'active_members' | 'files_indexed' | 'failed_citation_answers';
const METRICS: { key: Metric; label: string }[] = [
  { key: 'questions', label: 'Questions per day' },
  { key: 'active_members', label: 'Active members' },
  { key: 'files_indexed', label: 'Files indexed' },
  { key: 'failed_citation_answers', label: 'Answers with failed citations' },
];

export default function OrgInsightsPage() {
  return (
    <OrgGate title="Insights">
      {({ orgUuid, details }) =>
        isManager(details.my_role) ? (
          <Insights orgUuid={orgUuid} />
        ) : (
          <p className="text-neutral-600 dark:text-neutral-400">Only owners and admins see insights.</p>
        )
      }
    </OrgGate>
  );
}

function Insights({ orgUuid }: { orgUuid: string }) {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const insights = useGetOrgInsights<OrgInsights, ApiError>(orgUuid, { days }, { query: { select: (r) => r.data as OrgInsights } });
  return (
    <div className="space-y-8">
      <fieldset className="flex gap-2">
        <legend className="sr-only">Period</legend>
        {RANGES.map((r) => (
          <label
            key={r}
            className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${r === days ? 'border-neutral-900 dark:border-white' : 'border-neutral-200 dark:border-neutral-700'}`}
          >
            <input type="radio" name="period" className="sr-only" checked={r === days} onChange={() => setDays(r)} />
            Last {r} days
          </label>
        ))}
      </fieldset>
      {insights.isPending && <p aria-live="polite">Loading insights…</p>}
      {insights.isError && <p role="alert">{problemMessage(insights.error)}</p>}
      {insights.data && (
        <>
          {METRICS.map((m) => (
            <MetricChart key={m.key} label={m.label} metric={m.key} data={insights.data} days={days} />
          ))}
          <section aria-labelledby="top-spaces" className="space-y-2">
            <h2 id="top-spaces" className="text-lg font-medium">
              Top Spaces
            </h2>
            {insights.data.top_spaces.length === 0 ? (
              <p className="text-sm text-neutral-500 dark:text-neutral-400">No questions were asked in Spaces in this period.</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-neutral-500 dark:text-neutral-400">
                    <th scope="col" className="py-1 font-medium">
                      Space
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Questions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {insights.data.top_spaces.map((s) => (
                    <tr key={s.uuid} className="border-t border-neutral-200 dark:border-neutral-800">
                      <td className="py-1">{s.title}</td>
                      <td className="py-1 text-right tabular-nums">{s.questions}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** Nothing counted on any day of the period. */
export const isEmptyMetric = (data: OrgInsights, metric: Metric) => data.series.every((d) => d[metric] === 0);

export const noDataText = (days: number) => `No data yet: nothing was counted in the last ${days} days.`;

/** A bar per day, and the same numbers as a table beside it (the table is what screen readers read). */
function MetricChart({ label, metric, data, days }: { label: string; metric: Metric; data: OrgInsights; days: number }) {
  const max = Math.max(1, ...data.series.map((d) => d[metric]));
  const id = `metric-${metric}`;
  if (isEmptyMetric(data, metric))
    return (
      <section aria-labelledby={id} className="space-y-2">
        <h2 id={id} className="text-lg font-medium">
          {label}
        </h2>
        <p className="rounded-lg border border-dashed border-neutral-200 px-3 py-6 text-center text-sm text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
          {noDataText(days)}
        </p>
      </section>
    );
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-medium">
        {label} <span className="text-sm font-normal text-neutral-500 dark:text-neutral-400">({data.totals[metric]} in total)</span>
      </h2>
      <div className="flex flex-col gap-4 md:flex-row">
        <div aria-hidden="true" className="flex h-32 flex-1 items-end gap-px rounded-lg border border-neutral-200 p-2 dark:border-neutral-800">
          {data.series.map((d) => (
            <div
              key={d.day}
              title={`${d.day}: ${d[metric]}`}
              className="flex-1 rounded-t bg-neutral-800 dark:bg-neutral-200"
              style={{ height: `${(d[metric] / max) * 100}%`, minHeight: d[metric] ? 2 : 0 }}
            />
          ))}
        </div>
        <div className="max-h-32 overflow-y-auto md:w-48">
          <table className="w-full text-xs">
            <caption className="sr-only">{label} by day</caption>
            <thead>
              <tr className="text-left text-neutral-500 dark:text-neutral-400">
                <th scope="col" className="font-medium">
                  Day
                </th>
                <th scope="col" className="text-right font-medium">
                  Count
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.series].reverse().map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td className="text-right tabular-nums">{d[metric]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
