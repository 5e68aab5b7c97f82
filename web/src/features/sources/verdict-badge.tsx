// A verdict on a cited sentence: colour, icon and word together, so colour is never the only cue.
import { CircleAlert, CircleCheck, CircleX } from '../../ui/icons';
import { clsx } from 'clsx';
import type { SourceCheckVerdict } from '../../../../generated/react-query/model';

const LOOK = {
  supported: {
    label: 'Supported',
    Icon: CircleCheck,
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-400/30',
  },
  weak: {
    label: 'Weak',
    Icon: CircleAlert,
    tone: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-400/30',
  },
  unsupported: {
    label: 'Unsupported',
    Icon: CircleX,
    tone: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-400/30',
  },
} as const;

export function VerdictBadge({ verdict }: { verdict: SourceCheckVerdict }) {
  const { label, Icon, tone } = LOOK[verdict];
  return (
    <span
      data-verdict={verdict}
      className={clsx('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tone)}
    >
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}
