// Source cards: a letter avatar for the domain (no favicon service: the app works offline), the
// domain, the title, and a link that opens in a new tab.
import type { ReactNode } from 'react';
import { useModals } from '../../platform/modals/context';
import { contentKeys } from '../../ui/content-keys';
import type { StreamSource } from '../ask/answer-stream';

const REPOSITORY_LABEL = { USER: 'My Files', ORG: 'Organization files', COLLECTION: 'Space files' } as const;

/** A connector's item the reader may not read at its source: shown without a link, title or snippet. */
export const isUnavailable = (source: StreamSource) => source.is_unavailable === true;

/** What a card shows as its origin: the domain, or for a file its repository and page (a source not available: its connector). */
export function domainOf(source: StreamSource): string {
  if (isUnavailable(source)) return source.meta_data?.connection_type || 'Unavailable';
  const repository = source.file_metadata?.file_repository_type;
  if (repository) {
    const page = source.meta_data?.page;
    return `${REPOSITORY_LABEL[repository]}${typeof page === 'number' ? ` · p. ${page}` : ''}`;
  }
  const named = source.meta_data?.domain_name;
  if (typeof named === 'string' && named) return named;
  try {
    return new URL(source.url, 'http://localhost').hostname.replace(/^www\./, '');
  } catch {
    return source.url;
  }
}

const HUES = [210, 160, 30, 280, 350, 120, 190, 45];

export function DomainAvatar({ domain }: { domain: string }) {
  let hash = 0;
  for (const c of domain) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = HUES[hash % HUES.length];
  return (
    <span
      aria-hidden
      className="grid size-4 shrink-0 place-items-center rounded-full text-[9px] font-semibold uppercase text-white"
      style={{ backgroundColor: `hsl(${hue} 55% 45%)` }}
    >
      {domain.replace(/^www\./, '').charAt(0) || '?'}
    </span>
  );
}

const CARD =
  'flex h-full w-full flex-col justify-between gap-2 rounded-xl border border-neutral-200 bg-neutral-50 p-2.5 text-left transition-colors hover:border-neutral-300 hover:bg-neutral-100 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-neutral-700 dark:hover:bg-neutral-800';

/** A memory or earlier conversation: it opens the memory side sheet rather than a page (seed 003 §2). */
const remembered = (s: StreamSource) => s.is_memory === true || s.is_conversation_history === true;

/** `entryUuid`: the answer the sources belong to, named in the feedback given on a memory. */
export function SourceCards({ sources, entryUuid }: { sources: readonly StreamSource[]; entryUuid?: string }) {
  if (sources.length === 0) return null;
  const keys = contentKeys(sources.map((s) => s.url));
  return (
    <ol aria-label="Sources" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {sources.map((source, i) => {
        const domain = domainOf(source);
        const body = (
          <>
            <span className="line-clamp-2 text-xs font-medium leading-snug text-neutral-800 dark:text-neutral-200">{source.name}</span>
            <span className="flex min-w-0 items-center gap-1.5 text-[11px] text-neutral-500 dark:text-neutral-400">
              <DomainAvatar domain={domain} />
              <span className="truncate">{domain}</span>
              <span className="ml-auto shrink-0 tabular-nums">{i + 1}</span>
            </span>
          </>
        );
        if (remembered(source))
          return (
            <li key={keys[i]} className="min-w-0">
              <MemorySourceCard sources={sources} entryUuid={entryUuid} snippet={source.snippet}>
                {body}
              </MemorySourceCard>
            </li>
          );
        if (isUnavailable(source))
          return (
            <li key={keys[i]} className="min-w-0">
              <div className={CARD}>{body}</div>
            </li>
          );
        return (
          <li key={keys[i]} className="min-w-0">
            <a href={source.url} target="_blank" rel="noopener noreferrer" title={source.snippet} className={CARD}>
              {body}
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/** Opens the memory side sheet with every memory and earlier conversation the answer used. */
function MemorySourceCard({
  sources,
  entryUuid,
  snippet,
  children,
}: {
  sources: readonly StreamSource[];
  entryUuid?: string;
  snippet: string;
  children: ReactNode;
}) {
  const modals = useModals();
  const open = () => modals.open('memorySheet', { items: sources.filter(remembered).map((s) => ({ ...s })), entryUuid });
  return (
    <button type="button" title={snippet} className={CARD} onClick={open}>
      {children}
    </button>
  );
}
