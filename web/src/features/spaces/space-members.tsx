// The members of a Space (seed 000 §6): the owner, members and open invitations ("Invited"
// until accepted). Owners and admins invite by email with a role, change roles and remove.
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, UserPlus, X } from '../../ui/icons';
import { useState, type FormEvent } from 'react';
import {
  getListCollectionMembersQueryKey,
  useChangeCollectionMemberRole,
  useInviteCollectionMember,
  useListCollectionMembers,
  useRemoveCollectionMember,
} from '../../../../generated/react-query/collections/collections';
import type { Collection, SpaceMember, SpaceMemberList } from '../../../../generated/react-query/model';
import { isAdminCapable, isInvited, isOwnerLevel, roleOf, SPACE_ROLES, type SpaceRole } from '../../../../services/spaces/pure';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ROLE_DESCRIPTION, ROLE_LABEL } from './space-roles';

type MembersAnswer = { data: unknown };

export function useSpaceMembers(space: Collection) {
  return useListCollectionMembers(space.uuid, { query: { select: (r) => (r.data as SpaceMemberList).members } });
}

/** Mutations that answer with the members now: the answer replaces the cached list. */
function useMembersCache(space: Collection) {
  const qc = useQueryClient();
  return (res: MembersAnswer) => qc.setQueryData(getListCollectionMembersQueryKey(space.uuid), res);
}

export function SpaceMembers({ space }: { space: Collection }) {
  const members = useSpaceMembers(space);
  const manage = isAdminCapable(space.user_permission);
  return (
    <div className="flex flex-col gap-3">
      {manage && <InviteForm space={space} />}
      {members.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading members…
        </p>
      ) : members.isError ? (
        <p className="text-sm text-neutral-500">Could not load the members.</p>
      ) : (
        <ul aria-label="Members" className="flex flex-col divide-y divide-neutral-100 dark:divide-neutral-800">
          {members.data.map((m) => (
            <MemberRow key={m.member_id} space={space} member={m} manage={manage} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RoleSelect({ value, onChange, label, disabled }: { value: SpaceRole; onChange: (r: SpaceRole) => void; label: string; disabled?: boolean }) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as SpaceRole)}
      className="field !w-auto !py-1.5 !pr-8"
    >
      {SPACE_ROLES.map((r) => (
        <option key={r} value={r} title={ROLE_DESCRIPTION[r]}>
          {ROLE_LABEL[r]}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ space, member, manage }: { space: Collection; member: SpaceMember; manage: boolean }) {
  const replace = useMembersCache(space);
  const onError = (error: unknown) => toast.error(problemMessage(error, 'Could not change the member'), { duration: TOAST_DURATION.normal });
  const change = useChangeCollectionMemberRole({ mutation: { onSuccess: replace, onError } });
  const remove = useRemoveCollectionMember({ mutation: { onSuccess: replace, onError } });
  const owner = isOwnerLevel(member.access);
  const role = roleOf(member.access);
  const who = member.name ?? member.email;
  return (
    <li className="flex items-center gap-3 py-2" aria-label={who}>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{who}</span>
        {member.name && <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{member.email}</span>}
      </div>
      {isInvited(member.access) && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200">Invited</span>
      )}
      {owner ? (
        <span className="text-xs font-medium text-neutral-500">Owner</span>
      ) : manage && role ? (
        <>
          <RoleSelect
            label={`Role of ${who}`}
            value={role}
            disabled={change.isPending}
            onChange={(next) => next !== role && change.mutate({ collectionUuid: space.uuid, memberId: member.member_id, data: { role: next } })}
          />
          <button
            type="button"
            aria-label={isInvited(member.access) ? `Withdraw the invitation of ${who}` : `Remove ${who}`}
            className="btn-ghost !p-1"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ collectionUuid: space.uuid, memberId: member.member_id })}
          >
            <X className="size-4" />
          </button>
        </>
      ) : (
        role && <span className="text-xs font-medium text-neutral-500">{ROLE_LABEL[role]}</span>
      )}
    </li>
  );
}

function InviteForm({ space }: { space: Collection }) {
  const replace = useMembersCache(space);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SpaceRole>('READER');
  const invite = useInviteCollectionMember({
    mutation: {
      onSuccess: (res, vars) => {
        replace(res);
        setEmail('');
        toast.success(`Invitation sent to ${vars.data.email}`, { duration: TOAST_DURATION.short });
      },
    },
  });
  const address = email.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!address || invite.isPending) return;
    invite.mutate({ collectionUuid: space.uuid, data: { email: address, role } });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <label htmlFor="invite-email" className="sr-only">
          Email to invite
        </label>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          maxLength={254}
          onChange={(e) => {
            setEmail(e.target.value);
            if (invite.isError) invite.reset();
          }}
          className="field min-w-0 flex-1"
        />
        <RoleSelect label="Role to invite as" value={role} onChange={setRole} />
        <button type="submit" className="btn-secondary !py-1.5" disabled={!address || invite.isPending}>
          <UserPlus aria-hidden className="size-4" /> Invite
        </button>
      </div>
      {invite.isError && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {problemMessage(invite.error, 'Could not send the invitation.')}
        </p>
      )}
    </form>
  );
}
