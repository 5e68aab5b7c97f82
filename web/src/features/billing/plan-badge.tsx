// The Pro and Max badges on avatars: from the session user's plan (no billing call).
import { clsx } from 'clsx';

export function PlanBadge({ plan, className }: { plan: string | undefined; className?: string }) {
  if (plan !== 'pro' && plan !== 'max') return null;
  return (
    <span
      data-testid="plan-badge"
      className={clsx(
        'rounded-full px-1.5 py-px text-[10px] font-semibold uppercase leading-tight tracking-wide',
        plan === 'max' ? 'bg-amber-400 text-amber-950' : 'bg-teal-600 text-white',
        className,
      )}
    >
      {plan === 'max' ? 'Max' : 'Pro'}
    </span>
  );
}
