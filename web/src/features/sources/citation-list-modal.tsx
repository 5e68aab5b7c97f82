// The citation list (seeds): titled "{n} source(s)" or "No sources"; the owner selects rows and
// removes them with "Remove # source(s)", which needs at least one selected source. The removal
// is an event on the server; on success the thread is refetched, on failure nothing is lost.
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from '../../ui/icons';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useRemoveEntrySources } from '../../../../generated/react-query/threads/threads';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { contentKeys } from '../../ui/content-keys';
import { ModalTitle } from '../../ui/modal-parts';
import { DomainAvatar, domainOf, isUnavailable } from './source-cards';
import { sourcesTitle, type CitationListArgs } from './sources-args';

export const removeLabel = (n: number) => (n === 0 ? 'Remove sources' : `Remove ${sourcesTitle(n).toLowerCase()}`);
const isThreadQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('/rest/thread');

export default function CitationListModal({ args, close }: ModalProps<CitationListArgs>) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  const modals = useModals();
  const remove = useRemoveEntrySources({
    mutation: {
      onSuccess: async (_, { data }) => {
        await queryClient.invalidateQueries({ predicate: (q) => isThreadQuery(q.queryKey) });
        toast.success(`Removed ${sourcesTitle(data.urls.length).toLowerCase()}`, { duration: TOAST_DURATION.normal });
        close();
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.problem.detail : undefined;
        toast.error(detail ? `Could not remove the sources: ${detail}` : 'Could not remove the sources. Try again.', { duration: TOAST_DURATION.long });
        // An owner who is not signed in (a visitor's thread) is offered the way in.
        if (error instanceof ApiError && error.status === 401) modals.open('login', { origin: 'citation-list' });
      },
    },
  });

  const toggle = (url: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(url)) next.add(url);
      return next;
    });
  const count = selected.size;
  const keys = contentKeys(args.sources.map((s) => s.url));

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{sourcesTitle(args.sources.length)}</ModalTitle>
      {args.sources.length > 0 && (
        <ol aria-label="Citations" className="-mx-2 flex max-h-[60dvh] flex-col overflow-y-auto">
          {args.sources.map((source, i) => {
            const domain = domainOf(source);
            const checked = selected.has(source.url);
            return (
              <li key={keys[i]} className={clsx('flex gap-3 rounded-xl px-2 py-2.5', checked && 'bg-neutral-100 dark:bg-neutral-800')}>
                {args.canRemove && !isUnavailable(source) && (
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(source.url)}
                    aria-label={`Select ${source.name}`}
                    className="mt-1 size-4 shrink-0 accent-neutral-900 dark:accent-neutral-100"
                  />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex min-w-0 items-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400">
                    <span className="tabular-nums">{i + 1}</span>
                    <DomainAvatar domain={domain} />
                    <span className="truncate">{domain}</span>
                  </span>
                  {isUnavailable(source) ? (
                    <span className="text-sm font-medium text-neutral-500 dark:text-neutral-400">{source.name}</span>
                  ) : (
                    <a
                      href={source.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-sm font-medium text-neutral-900 hover:underline dark:text-neutral-100"
                    >
                      {source.name}
                      <ExternalLink aria-hidden className="size-3 shrink-0 text-neutral-400" />
                    </a>
                  )}
                  {source.snippet && <p className="line-clamp-3 text-xs leading-relaxed text-neutral-600 dark:text-neutral-400">{source.snippet}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {args.canRemove && args.sources.length > 0 && (
        <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4 dark:border-neutral-800">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            disabled={count === 0 || remove.isPending}
            onClick={() => remove.mutate({ backendUuid: args.backend_uuid, data: { urls: [...selected] } })}
            className="btn-secondary text-red-700 disabled:cursor-not-allowed disabled:opacity-50 dark:text-red-300"
          >
            <Trash2 className="size-4" /> {removeLabel(count)}
          </button>
        </div>
      )}
    </div>
  );
}
