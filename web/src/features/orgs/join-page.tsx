// /join/org/:orgUuid/:invitationId, the link of an invitation mail: who invites, to what and
// with which role; accepting needs the invited address, verified.
import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from '../../ui/icons';
import { Link, useParams } from 'react-router';
import { useAcceptOrgInvitation, useGetOrgInvitation } from '../../../../generated/react-query/organizations/organizations';
import type { OrgInvitationView } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey, useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { FormError } from '../auth/form-parts';
import { ResendVerification } from '../auth/resend-verification';
import { ROLE_LABEL } from './org-sections';

export default function JoinOrgPage() {
  const { orgUuid = '', invitationId = '' } = useParams();
  const { user, isLoading } = useSession();
  const { open } = useModals();
  const qc = useQueryClient();
  const invitation = useGetOrgInvitation<OrgInvitationView, ApiError>(orgUuid, invitationId, {
    query: { enabled: !!user?.email_verified, retry: false, select: (r) => r.data as OrgInvitationView },
  });
  const accept = useAcceptOrgInvitation({ mutation: { onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueryKey() }) } });
  const icon = <Building2 className="size-5" />;
  if (isLoading) return null;
  if (!user)
    return (
      <PageMessage
        icon={icon}
        title="Sign in to accept your invitation"
        text="Sign in, or create an account, with the address the invitation was sent to."
        action={
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'org-invitation' })}>
            Sign in
          </button>
        }
      />
    );
  if (!user.email_verified)
    return (
      <div className="mx-auto mt-10 max-w-md space-y-4 px-4">
        <h1 className="text-2xl font-semibold tracking-tight">Verify your email first</h1>
        <p>Verify {user.email} by the link we mailed you, then open the invitation again.</p>
        <ResendVerification />
      </div>
    );
  if (accept.isSuccess)
    return (
      <PageMessage
        icon={icon}
        title={`You joined ${accept.data.data && 'name' in accept.data.data ? accept.data.data.name : 'the organization'}`}
        text="Its files, Spaces and settings are yours to use now."
        action={
          <Link to="/account/org/details" className="btn-primary">
            Go to the organization
          </Link>
        }
      />
    );
  if (invitation.isPending) return <p aria-live="polite">Loading the invitation…</p>;
  if (invitation.isError) return <PageMessage icon={icon} title="No invitation here" text={problemMessage(invitation.error)} />;
  const i = invitation.data;
  return (
    <div className="mx-auto mt-10 max-w-md space-y-4 px-4">
      <h1 className="text-2xl font-semibold tracking-tight">Join {i.org_name}</h1>
      <p>
        You are invited as {ROLE_LABEL[i.role].toLowerCase()} ({i.email}). The invitation is good until{' '}
        {new Date(i.expires_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}.
      </p>
      <button type="button" className="btn-primary" disabled={accept.isPending} onClick={() => accept.mutate({ orgUuid, invitationId })}>
        {accept.isPending ? 'Joining…' : 'Accept invitation'}
      </button>
      {accept.isError && <FormError>{problemMessage(accept.error)}</FormError>}
    </div>
  );
}
