// "Automations" in the sidebar, for a signed-in person: opens the automation modal (seed 000's
// "automation"), their scheduled tasks and price alerts in one place, with the ways to add one.
import { clsx } from 'clsx';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { Clock } from '../../ui/icons';

export function AutomationsButton({ open: expanded }: { open: boolean }) {
  const { open } = useModals();
  const { user } = useSession();
  if (!user) return null;
  return (
    <button
      type="button"
      title="Automations"
      onClick={() => open('automation')}
      className={clsx(
        'flex items-center gap-3 rounded-lg py-2 text-sm text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
        expanded ? 'px-3' : 'justify-center',
      )}
    >
      <Clock className="size-4 shrink-0" />
      <span className={expanded ? '' : 'sr-only'}>Automations</span>
    </button>
  );
}
