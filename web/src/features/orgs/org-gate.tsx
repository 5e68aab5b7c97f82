// What an organisation page shows before its content: loading, a sign-in prompt, or (for
// someone in no organisation) how to start one; otherwise the page itself.
import { Building2 } from '../../ui/icons';
import type { ReactNode } from 'react';
import type { OrgDetails, SessionUser } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { PageMessage } from '../../ui/page-message';
import { CreateOrgForm } from './create-org-form';
import { useOrg } from './use-org';

export function OrgGate({ title, children }: { title: string; children: (org: { orgUuid: string; details: OrgDetails; user: SessionUser }) => ReactNode }) {
  const { user, orgUuid, details, isLoading, error } = useOrg();
  const { open } = useModals();
  if (isLoading) return <div role="status" aria-label="Loading" className="h-8 w-1/2 animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />;
  if (!user)
    return (
      <PageMessage
        icon={<Building2 className="size-5" />}
        title="Sign in to manage your organization"
        text="The organization area is for members of an organization."
        action={
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'org-area' })}>
            Sign in
          </button>
        }
      />
    );
  if (!orgUuid)
    return (
      <div className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-neutral-600 dark:text-neutral-400">You are not part of an organization. Start one, or ask an admin of yours to invite you.</p>
        <CreateOrgForm />
      </div>
    );
  if (!details) return <p role="alert">{problemMessage(error)}</p>;
  return (
    <div className="max-w-3xl space-y-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children({ orgUuid, details, user })}
    </div>
  );
}
