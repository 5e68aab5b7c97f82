// The automation modal (seed 000's "automation"): the person's automations in one place, the
// scheduled tasks that ask a question for them and the price alerts that watch a market, with
// their next run and last result, and the ways to add one. The same list as /account/tasks.
import { Link } from 'react-router';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { TasksList } from './tasks-list';
import { useTasks } from './use-tasks';

export default function AutomationModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Automation</ModalTitle>
      {user ? <Automations close={close} /> : <SignInFirst what="automate questions" close={close} />}
    </div>
  );
}

function Automations({ close }: { close: () => void }) {
  const tasks = useTasks();
  const { open } = useModals();
  const automations = tasks.data?.filter((t) => t.task_type !== 'SHORTCUT');
  return (
    <>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        A scheduled task asks a question at the times you choose; a price alert tells you when a market moves.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => open('scheduledTask', {})}>
          New scheduled task
        </button>
        <button type="button" className="btn-secondary" onClick={() => open('financeAlert', {})}>
          New price alert
        </button>
      </div>
      {tasks.isError ? (
        <p role="alert">{problemMessage(tasks.error)}</p>
      ) : !automations ? (
        <p className="text-sm text-neutral-500">Loading…</p>
      ) : (
        <div className="max-h-[50dvh] overflow-y-auto">
          <TasksList tasks={automations} empty="No automations yet." />
        </div>
      )}
      <Link to="/account/tasks" onClick={close} className="text-sm underline">
        All tasks and shortcuts
      </Link>
    </>
  );
}
