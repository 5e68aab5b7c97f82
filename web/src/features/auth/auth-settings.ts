// What the account forms need to know of the server (whether it sends mail), fetched once.
import { useGetAuthSettings } from '../../../../generated/react-query/auth/auth';
import type { GetAuthSettings200 } from '../../../../generated/react-query/model';

export function useAuthSettings(): GetAuthSettings200 | undefined {
  const query = useGetAuthSettings({ query: { staleTime: Infinity, select: (r) => r.data as GetAuthSettings200 } });
  return query.data;
}
