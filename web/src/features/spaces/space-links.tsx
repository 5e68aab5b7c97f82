// A Space's links (focused_web_config.link_configs): each opens in a new tab; at-least-writers
// who are not invited add and remove them. Adding fetches the page on the server, so a failure
// says why under the input (the problem's detail, e.g. a blocked address).
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Link2, Loader2, Plus, X } from '../../ui/icons';
import { useState, type FormEvent } from 'react';
import { useAddCollectionLink, useRemoveCollectionLink } from '../../../../generated/react-query/collections/collections';
import type { Collection, LinkConfig } from '../../../../generated/react-query/model';
import { canEditSources, SPACE_LIMITS } from '../../../../services/spaces/pure';
import { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { patchCachedSpace, restoreSpaces, snapshotSpaces, type SpaceCacheSnapshot } from './space-cache';

/** Shown under a link whose page had more text than a link keeps (LinkConfig.text_truncated). */
export const LINK_TEXT_CUT = 'Only the first part of this page is searched: it is longer than a link keeps.';

/** Seeds, "The calls it makes": adding a link has 1 retry. */
export const ADD_LINK_RETRIES = 1;
/** Only outages are retried: a refused link (4xx) is the server's answer, shown at once. */
const retryAddLink = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < ADD_LINK_RETRIES;

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

export function SpaceLinks({ space }: { space: Collection }) {
  const links = space.focused_web_config.link_configs;
  const editable = canEditSources(space.user_permission);
  return (
    <div className="flex flex-col gap-2">
      {links.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{editable ? 'Add web pages the answers in this Space should use.' : 'No links yet.'}</p>
      ) : (
        <ul aria-label="Links" className="flex flex-col gap-1">
          {links.map((l) => (
            <LinkRow key={l.link} space={space} link={l} editable={editable} />
          ))}
        </ul>
      )}
      {editable && <AddLinkForm space={space} />}
    </div>
  );
}

function LinkRow({ space, link, editable }: { space: Collection; link: LinkConfig; editable: boolean }) {
  const qc = useQueryClient();
  // The link leaves at once and comes back if the server refuses.
  const remove = useRemoveCollectionLink<unknown, { snapshot: SpaceCacheSnapshot }>({
    mutation: {
      onMutate: async () => {
        const snapshot = await snapshotSpaces(qc);
        patchCachedSpace(qc, space.uuid, { focused_web_config: { link_configs: space.focused_web_config.link_configs.filter((l) => l.link !== link.link) } });
        return { snapshot };
      },
      onError: (_e, _v, context) => {
        restoreSpaces(qc, context?.snapshot);
        toast.error('Could not remove the link', { duration: TOAST_DURATION.normal });
      },
      onSuccess: (res) => patchCachedSpace(qc, space.uuid, res.data as Collection),
    },
  });
  return (
    <li className="group flex items-center gap-2 rounded-xl px-2 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-900">
      <Link2 aria-hidden className="size-4 shrink-0 text-neutral-400" />
      <a href={link.link} target="_blank" rel="noopener noreferrer" className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{link.title || hostOf(link.link)}</span>
        <span className="flex items-center gap-1 truncate text-xs text-neutral-500 dark:text-neutral-400">
          {hostOf(link.link)} <ExternalLink aria-hidden className="size-3" />
        </span>
        {link.text_truncated && <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{LINK_TEXT_CUT}</span>}
      </a>
      {editable && (
        <button
          type="button"
          aria-label={`Remove ${link.title || hostOf(link.link)}`}
          className="btn-ghost !p-1"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ data: { collection_uuid: space.uuid, link: link.link } })}
        >
          <X className="size-4" />
        </button>
      )}
    </li>
  );
}

function AddLinkForm({ space }: { space: Collection }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const add = useAddCollectionLink({
    mutation: {
      retry: retryAddLink,
      onSuccess: (res) => {
        patchCachedSpace(qc, space.uuid, res.data as Collection);
        setText('');
      },
    },
  });
  const full = space.focused_web_config.link_configs.length >= SPACE_LIMITS.links;
  const link = text.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!link || add.isPending || full) return;
    add.mutate({ data: { collection_uuid: space.uuid, link } });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex gap-2">
        <label htmlFor={`add-link-${space.uuid}`} className="sr-only">
          Link to add
        </label>
        <input
          id={`add-link-${space.uuid}`}
          type="text"
          inputMode="url"
          placeholder="https://…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (add.isError) add.reset();
          }}
          aria-invalid={add.isError || undefined}
          aria-describedby={add.isError ? `add-link-error-${space.uuid}` : undefined}
          className="field flex-1"
          disabled={full}
        />
        <button type="submit" className="btn-secondary !py-1.5" disabled={!link || add.isPending || full}>
          {add.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Plus aria-hidden className="size-4" />} Add
        </button>
      </div>
      {add.isError && (
        <p id={`add-link-error-${space.uuid}`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {problemMessage(add.error, 'Could not add the link.')}
        </p>
      )}
      {full && <p className="text-xs text-neutral-500">A Space holds at most {SPACE_LIMITS.links} links.</p>}
    </form>
  );
}
