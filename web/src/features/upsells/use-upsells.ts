// The upsells served to a place of the app, and marking one as interacted (it then disappears
// from every place, as the server serves it no more). Each showing is reported once per mount,
// so the counted ones (welcome back, share gate, student space) stop at their limit.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Upsell, UpsellAppLocation } from '../../../../generated/react-query/model';
import { getGetUpsellsQueryKey, recordUpsellImpression, useGetUpsells, useMarkUpsellInteracted } from '../../../../generated/react-query/upsells/upsells';
import { useSession } from '../../platform/session';
import { currentVisit } from './visit';

const UPSELLS = '/rest/homepage-widgets/upsell';

export function useUpsells(location: UpsellAppLocation, opts: { threadId?: string | null; enabled?: boolean } = {}) {
  const params = { app_location: location, ...(opts.threadId ? { thread_id: opts.threadId } : {}), ...currentVisit() };
  // Who asks is part of the key: signing in or out serves another list at once.
  const { user, isLoading } = useSession();
  const query = useGetUpsells(params, {
    query: {
      queryKey: [...getGetUpsellsQueryKey(params), user?.id ?? 'visitor'],
      enabled: !isLoading && (opts.enabled ?? true),
      staleTime: 60_000,
      retry: false,
      select: (r) => (r.data as { upsells: Upsell[] }).upsells,
    },
  });
  const upsells = query.data ?? [];
  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const u of upsells) {
      if (reported.current.has(u.upsell_instance_identifier)) continue;
      reported.current.add(u.upsell_instance_identifier);
      recordUpsellImpression({ upsell_name: u.name, upsell_instance_identifier: u.upsell_instance_identifier }).catch(() => {});
    }
  }, [upsells]);
  return upsells;
}

/** Marks an upsell as interacted with; every place's list is refetched without it. */
export function useMarkInteracted() {
  const client = useQueryClient();
  const mutation = useMarkUpsellInteracted();
  return (u: Upsell) =>
    mutation
      .mutateAsync({ data: { upsell_name: u.name, upsell_instance_identifier: u.upsell_instance_identifier } })
      .catch((err) => console.error('upsell interaction not recorded', err))
      .finally(() => client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(UPSELLS) }));
}
