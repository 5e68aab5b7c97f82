// A list of the person's tasks with what each does next and how its last run went, and the
// actions on each: run (shortcuts), pause or resume, edit, copy, delete.
import { Link } from 'react-router';
import type { Task } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { describeSchedule } from './schedule-fields';
import { TRIGGER_LABELS } from './task-args';
import { useTaskActions } from './use-tasks';

const MODAL = { SCHEDULE: 'scheduledTask', ALERT: 'financeAlert', SHORTCUT: 'taskShortcut' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function trigger(t: Task) {
  if (t.schedule) return describeSchedule(t.schedule);
  if (t.alert)
    return t.alert.alertType === 'STOCK_PRICE_TARGET'
      ? `${t.alert.event_entity} reaches $${t.alert.price}`
      : `${t.alert.event_entity} moves ${[t.alert.value_lower_bound, t.alert.value_upper_bound].filter((b) => b !== null).join('% / ')}%`;
  return 'Run on demand';
}

function LastRun({ task }: { task: Task }) {
  const run = task.last_run;
  if (!run) return <span>Not run yet</span>;
  const label = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed', skipped: 'Skipped' }[run.status];
  return (
    <span>
      {label} {when(run.at)}
      {run.reason && <span className="block text-red-700 dark:text-red-300">{run.reason}</span>}
      {run.thread_url_slug && (
        <Link className="ml-1 underline" to={`/search/${run.thread_url_slug}`}>
          See the answer
        </Link>
      )}
    </span>
  );
}

export function TasksList({ tasks, empty }: { tasks: Task[]; empty: string }) {
  const actions = useTaskActions();
  const modals = useModals();
  if (!tasks.length) return <p className="text-neutral-600 dark:text-neutral-400">{empty}</p>;
  return (
    <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800" aria-label="Tasks">
      {tasks.map((t) => {
        const id = { taskId: t.task_id };
        return (
          <li key={t.task_id} aria-label={t.title} className="space-y-2 p-4">
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-medium">{t.title}</h2>
              <span className="text-xs text-neutral-500">
                {TRIGGER_LABELS[t.task_type]}
                {t.status === 'PAUSED' && ' · Paused'}
              </span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-neutral-600 dark:text-neutral-400">
              <dt>Trigger</dt>
              <dd>{trigger(t)}</dd>
              {t.task_type === 'SCHEDULE' && (
                <>
                  <dt>Next run</dt>
                  <dd>{t.status === 'PAUSED' ? 'Paused' : when(t.next_run_at)}</dd>
                </>
              )}
              <dt>Last result</dt>
              <dd>
                <LastRun task={t} />
              </dd>
            </dl>
            <div className="flex flex-wrap gap-2 text-sm">
              {t.task_type === 'SHORTCUT' && (
                <button type="button" className="btn-primary" disabled={t.status !== 'ACTIVE'} onClick={() => actions.run.mutate(id)}>
                  Run
                </button>
              )}
              {t.status === 'ACTIVE' ? (
                <button type="button" className="btn-secondary" onClick={() => actions.pause.mutate(id)}>
                  Pause
                </button>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => actions.resume.mutate(id)}>
                  Resume
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={() => modals.open(MODAL[t.task_type], { taskId: t.task_id })}>
                Edit
              </button>
              <button type="button" className="btn-secondary" onClick={() => actions.copy.mutate(id)}>
                Copy
              </button>
              <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => actions.remove.mutate(id)}>
                Delete
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
