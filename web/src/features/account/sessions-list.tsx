// The devices signed in to the account, on /account/details: which, from where, when last seen;
// sign one out, or every other one.
import { useQueryClient } from '@tanstack/react-query';
import {
  getListAccountSessionsQueryKey,
  useListAccountSessions,
  useRevokeAccountSession,
  useSignOutOtherSessions,
} from '../../../../generated/react-query/account/account';
import type { ListAccountSessions200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsList() {
  const queryClient = useQueryClient();
  const list = useListAccountSessions({ query: { select: (r) => (r.data as ListAccountSessions200).sessions } });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListAccountSessionsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey() }),
    ]);
  const revoke = useRevokeAccountSession({ mutation: { onSuccess: refresh } });
  const others = useSignOutOtherSessions({ mutation: { onSuccess: refresh } });
  if (list.isPending) return <p aria-live="polite">Loading your devices…</p>;
  if (list.isError) return <p role="alert">{problemMessage(list.error)}</p>;
  const sessions = list.data;
  return (
    <div className="space-y-3">
      <ul
        aria-label="Signed-in devices"
        className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
      >
        {sessions.map((s) => (
          <li key={s.id} aria-label={s.device} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
            <div>
              <p className="font-medium">
                {s.device} {s.current && <span className="text-green-700 dark:text-green-400">(this device)</span>}
              </p>
              <p className="text-neutral-500 dark:text-neutral-400">
                {s.ip_address ? `From ${s.ip_address} · ` : ''}Signed in {when(s.created_at)} · Last active {when(s.last_seen_at)}
              </p>
            </div>
            <button type="button" className="btn-secondary" disabled={revoke.isPending} onClick={() => revoke.mutate({ sessionId: s.id })}>
              Sign out
            </button>
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <button type="button" className="btn-secondary" disabled={others.isPending} onClick={() => others.mutate()}>
          Sign out every other device
        </button>
      )}
      {(revoke.isError || others.isError) && <p role="alert">{problemMessage(revoke.error ?? others.error)}</p>}
    </div>
  );
}
