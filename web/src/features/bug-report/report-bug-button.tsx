// "Report a bug" in the sidebar, beside Settings: opens the bug report modal (seed 000 §2).
import { clsx } from 'clsx';
import { useModals } from '../../platform/modals/context';
import { Bug } from '../../ui/icons';

export function ReportBugButton({ open: expanded }: { open: boolean }) {
  const { open } = useModals();
  return (
    <button
      type="button"
      title="Report a bug"
      onClick={() => open('bugReport')}
      className={clsx(
        'flex items-center gap-3 rounded-lg py-2 text-sm text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
        expanded ? 'px-3' : 'justify-center',
      )}
    >
      <Bug className="size-4 shrink-0" />
      <span className={expanded ? '' : 'sr-only'}>Report a bug</span>
    </button>
  );
}
