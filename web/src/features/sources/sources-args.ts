// Arguments of the two source modals of an answer: the citation list and check sources.
import type { Source } from '../../../../generated/sdk/types.gen';

export type CitationListArgs = {
  backend_uuid: string;
  sources: Source[];
  /** Only the thread's owner may select and remove sources. */
  canRemove: boolean;
};

export type CheckSourcesArgs = { backend_uuid: string };

/** Seeds: "'{n} source(s)', or 'No sources'". */
export function sourcesTitle(n: number) {
  return n === 0 ? 'No sources' : `${n} ${n === 1 ? 'source' : 'sources'}`;
}
