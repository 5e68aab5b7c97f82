// The current user or anonymous visitor, from the generated session hook. Seeds: "Session data
// is refetched every 86,400 s."
import { getGetSessionQueryKey, useGetSession } from '../../../generated/react-query/session/session';
import type { SessionResponse } from '../../../generated/react-query/model';

export const SESSION_REFETCH_INTERVAL_MS = 86_400 * 1000;
export const sessionQueryKey = getGetSessionQueryKey;

export function useSession() {
  const query = useGetSession({
    query: {
      refetchInterval: SESSION_REFETCH_INTERVAL_MS,
      staleTime: 60_000,
      // apiFetch throws on any error status, so a resolved response is the 200 body.
      select: (r) => r.data as SessionResponse,
    },
  });
  return { user: query.data?.user ?? null, visitorId: query.data?.visitor_id, isLoading: query.isPending, isError: query.isError };
}
