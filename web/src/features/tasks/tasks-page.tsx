// /account/tasks: every task of the person (scheduled tasks, price alerts, shortcuts), with
// their next run and last result, and the three task modals to add one.
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { SignedInOnly } from '../account-settings/signed-in-only';
import { TasksList } from './tasks-list';
import { useTasks } from './use-tasks';

export default function TasksPage() {
  return (
    <SignedInOnly title="Tasks">
      <Tasks />
    </SignedInOnly>
  );
}

function Tasks() {
  const tasks = useTasks();
  const modals = useModals();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => modals.open('scheduledTask', {})}>
          New scheduled task
        </button>
        <button type="button" className="btn-secondary" onClick={() => modals.open('financeAlert', {})}>
          New price alert
        </button>
        <button type="button" className="btn-secondary" onClick={() => modals.open('taskShortcut', {})}>
          New shortcut
        </button>
        <button type="button" className="btn-ghost" onClick={() => modals.open('automation')}>
          Automations at a glance
        </button>
        <button type="button" className="btn-ghost" onClick={() => modals.open('availability')}>
          Availability
        </button>
        <button type="button" className="btn-ghost" onClick={() => modals.open('meetingDefaults')}>
          Meeting defaults
        </button>
      </div>
      {tasks.isError ? (
        <p role="alert">{problemMessage(tasks.error)}</p>
      ) : !tasks.data ? (
        <p className="text-neutral-500">Loading…</p>
      ) : (
        <TasksList tasks={tasks.data} empty="No tasks yet. A scheduled task asks a question for you at the times you choose." />
      )}
    </div>
  );
}
