// The account corner of the sidebar: who is signed in (their name and username open the modals that
// edit them) and a sign-out control, or sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LogIn, LogOut } from '../../ui/icons';
import { useSignOut } from '../../../../generated/react-query/auth/auth';
import { PlanBadge } from '../../features/billing/plan-badge';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { forgetUser } from '../../platform/sign-out';
import { toast, TOAST_DURATION } from '../../platform/toasts';

export function Account({ compact }: { compact: boolean }) {
  const { user, isLoading } = useSession();
  const { open } = useModals();
  const queryClient = useQueryClient();
  const signOut = useSignOut({
    mutation: {
      onSuccess: async () => {
        await forgetUser(queryClient);
        toast('Signed out', { duration: TOAST_DURATION.short });
      },
      onError: (e) => toast.error(problemMessage(e), { duration: TOAST_DURATION.long }),
    },
  });

  if (isLoading) return <div className="h-12" aria-hidden="true" />;
  if (!user)
    return (
      <button
        type="button"
        onClick={() => open('login', { origin: 'sidebar' })}
        title="Sign in"
        className={clsx('btn-primary mt-1', compact && 'mx-auto size-10 px-0')}
      >
        <LogIn className="size-4 shrink-0" />
        <span className={compact ? 'sr-only' : ''}>Sign in</span>
      </button>
    );

  return (
    <div className={clsx('mt-1 flex items-center gap-2 rounded-xl py-2', compact ? 'flex-col' : 'px-2')}>
      <span className="relative shrink-0">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-neutral-200 text-sm font-semibold uppercase text-neutral-700 dark:bg-neutral-700 dark:text-neutral-100"
        >
          {user.name.trim().charAt(0) || '?'}
        </span>
        <PlanBadge plan={user.subscription_plan} className="absolute -bottom-1 -right-2" />
      </span>
      {!compact && (
        <div className="min-w-0 flex-1 leading-tight">
          <button
            type="button"
            title="Edit your name"
            onClick={() => open('fullName')}
            className="block max-w-full truncate text-left text-sm font-medium hover:underline"
            data-testid="account-name"
          >
            {user.name}
          </button>
          <button
            type="button"
            onClick={() => open('username')}
            className="block max-w-full truncate text-left text-xs text-neutral-500 hover:underline dark:text-neutral-400"
          >
            {user.username ? `@${user.username}` : 'Choose a username'}
          </button>
          <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">{user.email}</p>
        </div>
      )}
      <button
        type="button"
        aria-label="Sign out"
        title="Sign out"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
        className="rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-200/70 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      >
        <LogOut className="size-4" />
      </button>
    </div>
  );
}
