// The thread's Share menu: who may read it (the five access values), the link to copy, and the
// open requests to read it. Signed-out owners are asked to sign in first (seed 000 §6: thread
// privacy changes need login); only the owner sees the menu at all.
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Share2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { getGetThreadQueryKey, useUpdateThreadAccess } from '../../../../generated/react-query/threads/threads';
import type { Thread, ThreadAccess } from '../../../../generated/react-query/model';
import { ApiError } from '../../app/api-fetch';
import { useModals } from '../../app/modals/context';
import { useSession } from '../../app/session';
import { toast, TOAST_DURATION } from '../../app/toasts';
import { ChoiceOption } from '../../ui/choice-option';
import { AccessRequestRows, useAccessRequests } from './access-requests';
import { ACCESS_OPTIONS, PRIVACY_LABEL, unavailableReason } from './access-options';

export function ShareMenu({ thread }: { thread: Thread }) {
  const { user } = useSession();
  const modals = useModals();
  const queryClient = useQueryClient();
  const requests = useAccessRequests(!!user);
  const mine = (requests.data ?? []).filter((r) => r.context_uuid === thread.context_uuid);
  const change = useUpdateThreadAccess({
    mutation: {
      onSuccess: (res) => {
        queryClient.setQueryData(getGetThreadQueryKey(thread.thread_url_slug), res);
        toast.success('Sharing updated', { duration: TOAST_DURATION.short });
      },
      onError: (error) =>
        toast.error(error instanceof ApiError ? (error.problem.detail ?? 'Could not change sharing') : 'Could not change sharing', {
          duration: TOAST_DURATION.normal,
        }),
    },
  });
  const ctx = { enterprise: !!user?.org_uuid, inSpace: !!thread.collection_info };

  const pick = (value: ThreadAccess) => {
    // A change applies only when it differs, and only for a signed-in user.
    if (value === thread.thread_access || change.isPending) return;
    if (!user) {
      modals.open('login', { origin: 'share-thread', title: 'Sign in to share this answer' });
      return;
    }
    change.mutate({ entryUuidOrSlug: thread.thread_url_slug, data: { thread_access: value } });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/search/${thread.thread_url_slug}`);
      toast.success('Link copied', { duration: TOAST_DURATION.short });
    } catch {
      toast.error('Could not copy the link', { duration: TOAST_DURATION.normal });
    }
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="btn-secondary relative !py-1.5" aria-label={mine.length ? `Share (${mine.length} access requests)` : 'Share'}>
          <Share2 className="size-4" /> Share
          {mine.length > 0 && (
            <span className="absolute -top-1 -right-1 grid size-4 place-items-center rounded-full bg-teal-600 text-[10px] font-semibold text-white">
              {mine.length}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Share this thread"
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-neutral-200 bg-white p-3 shadow-xl dark:border-neutral-800 dark:bg-neutral-950"
        >
          <p className="px-1 pb-2 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
            Who can see this answer{' '}
            <span className="ml-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
              {PRIVACY_LABEL[thread.privacy_state]}
            </span>
          </p>
          <div role="radiogroup" aria-label="Who can see this answer" className="flex flex-col gap-0.5">
            {ACCESS_OPTIONS.map((o) => {
              const reason = unavailableReason(o.value, ctx);
              const selected = o.value === thread.thread_access;
              return (
                <ChoiceOption
                  key={o.value}
                  label={o.label}
                  description={reason ?? o.description}
                  selected={selected}
                  disabled={!!reason || change.isPending}
                  onSelect={() => pick(o.value)}
                />
              );
            })}
          </div>
          <button type="button" onClick={copy} className="btn-ghost mt-2 w-full justify-center">
            <Link2 className="size-4" /> Copy link
          </button>
          {mine.length > 0 && (
            <div className="mt-2 border-t border-neutral-100 pt-2 dark:border-neutral-800">
              <p className="px-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">Asking to see it</p>
              <AccessRequestRows requests={mine} />
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
