// The Space templates a new Space can start from (list_space_templates), cached for a while:
// they change only with a server release.
import { useListSpaceTemplates } from '../../../../generated/react-query/collections/collections';
import type { SpaceTemplateList } from '../../../../generated/react-query/model';

export const TEMPLATES_FAILED = 'Failed to list space templates';

export const useSpaceTemplates = (enabled = true) =>
  useListSpaceTemplates({ query: { enabled, staleTime: 5 * 60_000, select: (r) => (r.data as SpaceTemplateList).templates } });
