// /account/org/members: who is in the organisation and with which role; owners and admins invite
// by email with a role, resend or revoke pending invitations, change roles and remove members;
// anyone leaves. The server keeps the rules (the last owner stays; only owners make owners) and
// its refusals are shown as it words them.
import { type FormEvent, useState } from 'react';
import {
  useChangeOrgMemberRole,
  useInviteOrgMember,
  useLeaveOrganization,
  useListOrgMembers,
  useRemoveOrgMember,
  useResendOrgInvitation,
  useRevokeOrgInvitation,
} from '../../../../generated/react-query/organizations/organizations';
import type { OrgMember, OrgMemberList, OrgRole, SessionUser } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError } from '../auth/form-parts';
import { OrgGate } from './org-gate';
import { checkedInviteEmail } from './org-rules';
import { isManager, ROLE_LABEL } from './org-sections';
import { useRefreshOrg } from './use-org';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export default function OrgMembersPage() {
  return <OrgGate title="Members">{({ orgUuid, user }) => <Members orgUuid={orgUuid} user={user} />}</OrgGate>;
}

function Members({ orgUuid, user }: { orgUuid: string; user: SessionUser }) {
  const list = useListOrgMembers<OrgMemberList, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgMemberList } });
  const refresh = useRefreshOrg(orgUuid);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = {
    mutation: {
      onSuccess: () => {
        setFailure(null);
        return refresh();
      },
      onError: (e: unknown) => setFailure(problemMessage(e)),
    },
  };
  const changeRole = useChangeOrgMemberRole(mutation);
  const remove = useRemoveOrgMember(mutation);
  const resend = useResendOrgInvitation(mutation);
  const revoke = useRevokeOrgInvitation(mutation);
  const leave = useLeaveOrganization(mutation);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (list.isPending) return <p aria-live="polite">Loading members…</p>;
  if (list.isError) return <p role="alert">{problemMessage(list.error)}</p>;
  const { members, invitations, my_role } = list.data;
  const manager = isManager(my_role);
  const roles = (Object.keys(ROLE_LABEL) as OrgRole[]).filter((r) => r !== 'owner' || my_role === 'owner');
  return (
    <div className="space-y-8">
      {manager && <InviteForm orgUuid={orgUuid} roles={roles} onInvited={refresh} />}
      {failure && <FormError>{failure}</FormError>}
      <section aria-labelledby="members-heading" className="space-y-2">
        <h2 id="members-heading" className="text-lg font-medium">
          Members ({members.length})
        </h2>
        <ul aria-label="Members" className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {members.map((m) => {
            const me = m.user_id === user.id;
            return (
              <li key={m.member_id} aria-label={m.name ?? m.email} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div>
                  <p className="font-medium">
                    {m.name ?? m.email} {me && <span className="text-neutral-500">(you)</span>}
                  </p>
                  <p className="text-neutral-500 dark:text-neutral-400">
                    {m.email} · joined {day(m.joined_at)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {manager && !me && (m.role !== 'owner' || my_role === 'owner') ? (
                    <label>
                      <span className="sr-only">Role of {m.name ?? m.email}</span>
                      <select
                        className="field py-1"
                        value={m.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => changeRole.mutate({ orgUuid, memberId: m.member_id, data: { role: e.target.value as OrgRole } })}
                      >
                        {roles.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABEL[r]}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800">{ROLE_LABEL[m.role]}</span>
                  )}
                  {me ? (
                    <button type="button" className="btn-secondary" onClick={() => setLeaving(true)}>
                      Leave
                    </button>
                  ) : (
                    manager &&
                    (m.role !== 'owner' || my_role === 'owner') && (
                      <button type="button" className="btn-secondary" onClick={() => setRemoving(m)}>
                        Remove
                      </button>
                    )
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      {manager && (
        <section aria-labelledby="invitations-heading" className="space-y-2">
          <h2 id="invitations-heading" className="text-lg font-medium">
            Pending invitations ({invitations.length})
          </h2>
          {invitations.length === 0 ? (
            <p className="text-sm text-neutral-500 dark:text-neutral-400">No invitations are waiting.</p>
          ) : (
            <ul
              aria-label="Pending invitations"
              className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
            >
              {invitations.map((i) => (
                <li key={i.invitation_id} aria-label={i.email} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                  <div>
                    <p className="font-medium">{i.email}</p>
                    <p className="text-neutral-500 dark:text-neutral-400">
                      {ROLE_LABEL[i.role]} · sent {day(i.last_sent_at)} · good until {day(i.expires_at)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ orgUuid, invitationId: i.invitation_id })}
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate({ orgUuid, invitationId: i.invitation_id })}
                    >
                      Revoke
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {resend.isSuccess && <p role="status">The invitation was sent again.</p>}
        </section>
      )}
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? removing?.email ?? ''}?`}
        description="They lose the organization’s files, Spaces and settings at once. You can invite them again later."
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ orgUuid, memberId: removing.member_id }, { onSettled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={leaving}
        title="Leave the organization?"
        description="You lose its files, Spaces and settings. An admin can invite you again."
        confirmLabel="Leave"
        destructive
        busy={leave.isPending}
        onConfirm={() => leave.mutate({ orgUuid }, { onSettled: () => setLeaving(false) })}
        onCancel={() => setLeaving(false)}
      />
    </div>
  );
}

function InviteForm({ orgUuid, roles, onInvited }: { orgUuid: string; roles: OrgRole[]; onInvited: () => void }) {
  const [invalid, setInvalid] = useState<string | null>(null);
  const invite = useInviteOrgMember({ mutation: { onSuccess: onInvited } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const checked = checkedInviteEmail(String(data.get('email') ?? ''));
    setInvalid('error' in checked ? checked.error : null);
    if ('ok' in checked) invite.mutate({ orgUuid, data: { email: checked.ok, role: String(data.get('role')) as OrgRole } }, { onSuccess: () => form.reset() });
  };
  return (
    <section aria-labelledby="invite-heading" className="space-y-2">
      <h2 id="invite-heading" className="text-lg font-medium">
        Invite someone
      </h2>
      <form onSubmit={submit} aria-label="Invite a member" noValidate className="space-y-2">
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-1 flex-col gap-1">
            <span className="label">Email</span>
            <input name="email" type="email" maxLength={254} autoComplete="off" className="field" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="label">Role</span>
            <select name="role" defaultValue="member" className="field">
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Send invitation'}
          </button>
        </div>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">They get a mail with a link; they accept once their address is verified.</p>
        {invite.isSuccess && <p role="status">The invitation is on its way.</p>}
        {invalid && <FormError>{invalid}</FormError>}
        {invite.isError && <FormError>{problemMessage(invite.error)}</FormError>}
      </form>
    </section>
  );
}
