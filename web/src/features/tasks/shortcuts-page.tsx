// /account/shortcuts: the person's saved prompts. Each runs on demand here, or from the ask box
// by typing / at its start.
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { SignedInOnly } from '../account-settings/signed-in-only';
import { TasksList } from './tasks-list';
import { useTasks } from './use-tasks';

export default function ShortcutsPage() {
  return (
    <SignedInOnly title="Shortcuts">
      <Shortcuts />
    </SignedInOnly>
  );
}

function Shortcuts() {
  const shortcuts = useTasks('SHORTCUT');
  const modals = useModals();
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Type / at the start of the ask box to pick one of your shortcuts.</p>
      <button type="button" className="btn-primary" onClick={() => modals.open('taskShortcut', {})}>
        New shortcut
      </button>
      {shortcuts.isError ? (
        <p role="alert">{problemMessage(shortcuts.error)}</p>
      ) : !shortcuts.data ? (
        <p className="text-neutral-500">Loading…</p>
      ) : (
        <TasksList tasks={shortcuts.data} empty="No shortcuts yet." />
      )}
    </div>
  );
}
