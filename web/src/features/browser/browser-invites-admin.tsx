// The administrators' invite codes for the assistant browser, on /mail: issue codes (how many,
// and how many claims each allows) and see each code's claims.
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { getListBrowserInvitesQueryKey, useIssueBrowserInvites, useListBrowserInvites } from '../../../../generated/react-query/admin/admin';
import type { BrowserInviteList } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { FormError } from '../auth/form-parts';

export function BrowserInvitesAdmin() {
  const queryClient = useQueryClient();
  const invites = useListBrowserInvites({ query: { select: (r) => r.data as BrowserInviteList } });
  const issue = useIssueBrowserInvites({ mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getListBrowserInvitesQueryKey() }) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    issue.mutate({ data: { count: Number(form.get('count')), max_uses: Number(form.get('max_uses')) } });
  };
  return (
    <section aria-label="Browser invite codes" className="space-y-3">
      <h2 className="text-lg font-medium">Browser invite codes</h2>
      <form onSubmit={submit} aria-label="Issue invite codes" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span className="label">Codes</span>
          <input name="count" type="number" min={1} max={50} defaultValue={1} required className="field w-24" />
        </label>
        <label className="flex flex-col gap-1">
          <span className="label">Claims per code</span>
          <input name="max_uses" type="number" min={1} max={1000} defaultValue={1} required className="field w-24" />
        </label>
        <button type="submit" className="btn-primary" disabled={issue.isPending}>
          Issue codes
        </button>
      </form>
      {issue.isError && <FormError>{problemMessage(issue.error)}</FormError>}
      {invites.isError && <FormError>{problemMessage(invites.error)}</FormError>}
      {invites.data && invites.data.items.length > 0 && (
        <table aria-label="Invite codes" className="w-full text-left text-sm">
          <thead>
            <tr>
              <th className="py-1">Code</th>
              <th className="py-1">Claimed</th>
              <th className="py-1">Issued</th>
            </tr>
          </thead>
          <tbody>
            {invites.data.items.map((i) => (
              <tr key={i.code}>
                <td className="py-1 font-mono">{i.code}</td>
                <td className="py-1">
                  {i.uses} of {i.max_uses}
                </td>
                <td className="py-1">{new Date(i.issued_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
