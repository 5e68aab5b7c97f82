// What this server can do (GET /rest/server/features: web search, purchases, translation, voice
// input, the answer model), fetched once: the web offers only what works and says why the rest is
// off. Undefined until known; callers offer nothing that depends on it meanwhile.
import { useGetServerFeatures } from '../../../generated/react-query/system/system';
import type { ServerFeatures } from '../../../generated/react-query/model';

export function useServerFeatures(): ServerFeatures | undefined {
  const query = useGetServerFeatures({ query: { staleTime: Number.POSITIVE_INFINITY, retry: false, select: (r) => r.data as ServerFeatures } });
  return query.data;
}
