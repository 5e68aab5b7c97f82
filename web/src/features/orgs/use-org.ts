// The signed-in person's organisation and their role in it (the session read again when the
// organisation no longer knows them), and a refresh of everything the organisation area shows
// (every call under /rest/organizations/<uuid>, and the session).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useGetOrganization } from '../../../../generated/react-query/organizations/organizations';
import type { OrgDetails } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { sessionQueryKey, useSession } from '../../platform/session';

export function useOrg() {
  const { user, isLoading } = useSession();
  const orgUuid = user?.org_uuid ?? null;
  const details = useGetOrganization<OrgDetails, ApiError>(orgUuid ?? '', { query: { enabled: !!orgUuid, select: (r) => r.data as OrgDetails } });
  // The organisation says it has no such member while the session still names it: the person
  // was removed (or left elsewhere) since the session was read, so read the session again.
  const client = useQueryClient();
  const noLongerMember = details.error?.code === 'organization_not_found';
  useEffect(() => {
    if (noLongerMember) void client.invalidateQueries({ queryKey: sessionQueryKey() });
  }, [noLongerMember, client]);
  return { user, orgUuid, isLoading: isLoading || (!!orgUuid && details.isPending), details: details.data, error: details.error };
}

export function useRefreshOrg(orgUuid: string | null) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/rest/organizations/${orgUuid}`) }),
      qc.invalidateQueries({ queryKey: sessionQueryKey() }),
    ]);
}
