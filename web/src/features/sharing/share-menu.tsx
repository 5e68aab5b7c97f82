// The thread's Share menu: who may read it (the five access values), the link to copy, and the
// open requests to read it. A Radix menu, so it works from the keyboard as a menu does: arrow
// keys move between the choices (skipping those not available), Enter or Space picks one,
// Escape closes it and focus goes back to the Share button; each request opens a submenu with
// Grant and Decline. Signed-out owners are asked to sign in first (seed 000 §6: thread privacy
// changes need login); only the owner sees the menu at all.
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check, ChevronRight, Link2, Share2, X } from '../../ui/icons';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useNavigate } from 'react-router';
import { getGetThreadQueryKey, useUpdateThreadAccess } from '../../../../generated/react-query/threads/threads';
import type { Thread, ThreadAccess } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { CREATE_ORG } from '../orgs/create-org-link';
import { ACCESS_OPTIONS, PRIVACY_LABEL, unavailableReason } from './access-options';
import { useAccessRequests, useAnswerAccessRequests } from './access-requests';

const itemClass =
  'flex cursor-default items-start gap-3 rounded-xl px-2.5 py-2 text-left outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-neutral-100 data-[state=checked]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800 dark:data-[state=checked]:bg-neutral-800';
const contentClass =
  'z-50 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-neutral-200 bg-white p-3 shadow-xl dark:border-neutral-800 dark:bg-neutral-950';
/** Picking a choice keeps the menu open, so its new state shows. */
const keepOpen = (e: Event) => e.preventDefault();

export function ShareMenu({ thread }: { thread: Thread }) {
  const { user } = useSession();
  const modals = useModals();
  const queryClient = useQueryClient();
  const requests = useAccessRequests(!!user);
  const mine = (requests.data ?? []).filter((r) => r.context_uuid === thread.context_uuid);
  const answer = useAnswerAccessRequests(mine);
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
  const navigate = useNavigate();

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="btn-secondary relative !py-1.5" aria-label={mine.length ? `Share (${mine.length} access requests)` : 'Share'}>
          <Share2 className="size-4" /> Share
          {mine.length > 0 && (
            <span className="absolute -top-1 -right-1 grid size-4 place-items-center rounded-full bg-teal-600 text-[10px] font-semibold text-white">
              {mine.length}
            </span>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} aria-label="Share this thread" className={contentClass}>
          <DropdownMenu.Label className="px-1 pb-2 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
            Who can see this answer{' '}
            <span className="ml-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
              {PRIVACY_LABEL[thread.privacy_state]}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-label="Who can see this answer"
            value={thread.thread_access}
            onValueChange={(v) => pick(v as ThreadAccess)}
            className="flex flex-col gap-0.5"
          >
            {ACCESS_OPTIONS.map((o) => {
              const reason = unavailableReason(o.value, ctx);
              return (
                <DropdownMenu.RadioItem key={o.value} value={o.value} disabled={!!reason} onSelect={keepOpen} className={itemClass}>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-neutral-900 dark:text-neutral-100">{o.label}</span>
                    <span className="block text-xs text-neutral-500 dark:text-neutral-400">{reason ?? o.description}</span>
                  </span>
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden className="mt-0.5 size-4 text-teal-600" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          {/* Sharing with an organisation needs one: where to create it. */}
          {user && !ctx.enterprise && (
            <DropdownMenu.Item onSelect={() => navigate(CREATE_ORG.to)} className={`${itemClass} items-center text-sm text-teal-700 dark:text-teal-400`}>
              <Building2 className="size-4" /> {CREATE_ORG.label}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-2 h-px bg-neutral-100 dark:bg-neutral-800" />
          <DropdownMenu.Item onSelect={() => void copy()} className={`${itemClass} items-center justify-center text-sm text-neutral-700 dark:text-neutral-300`}>
            <Link2 className="size-4" /> Copy link
          </DropdownMenu.Item>
          {mine.length > 0 && (
            <DropdownMenu.Group aria-label="Access requests" className="mt-2 border-t border-neutral-100 pt-2 dark:border-neutral-800">
              <DropdownMenu.Label className="px-1 pb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">Asking to see it</DropdownMenu.Label>
              {mine.map((r) => (
                <DropdownMenu.Sub key={r.request_id}>
                  <DropdownMenu.SubTrigger aria-label={`Request from ${r.requester.name}`} className={`${itemClass} items-center`}>
                    <span
                      aria-hidden
                      className="grid size-8 shrink-0 place-items-center rounded-full bg-neutral-100 text-sm font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
                    >
                      {r.requester.name.slice(0, 1).toUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="block truncate font-medium text-neutral-900 dark:text-neutral-100">{r.requester.name}</span>
                      <span className="block truncate text-neutral-500 dark:text-neutral-400">{r.requester.email}</span>
                    </span>
                    <ChevronRight aria-hidden className="size-4 text-neutral-400" />
                  </DropdownMenu.SubTrigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.SubContent
                      sideOffset={6}
                      className="z-50 min-w-36 rounded-xl border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-950"
                    >
                      <DropdownMenu.Item disabled={answer.busy} onSelect={() => answer.grant(r.request_id)} className={`${itemClass} items-center text-sm`}>
                        <Check className="size-3.5" /> Grant
                      </DropdownMenu.Item>
                      <DropdownMenu.Item disabled={answer.busy} onSelect={() => answer.decline(r.request_id)} className={`${itemClass} items-center text-sm`}>
                        <X className="size-3.5" /> Decline
                      </DropdownMenu.Item>
                    </DropdownMenu.SubContent>
                  </DropdownMenu.Portal>
                </DropdownMenu.Sub>
              ))}
            </DropdownMenu.Group>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
