// /account/org/details: the organisation's name, logo, email domains and the access a member's
// new threads start with. Owners and admins change them; members see them.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useUpdateOrganization } from '../../../../generated/react-query/organizations/organizations';
import type { OrgDefaultThreadAccess, OrgDetails } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { FormError } from '../auth/form-parts';
import { OrgGate } from './org-gate';
import { checkedDetails, splitDomains } from './org-rules';
import { isManager } from './org-sections';
import { SsoSection } from './sso-section';
import { useRefreshOrg } from './use-org';

export const THREAD_ACCESS_LABEL: Record<OrgDefaultThreadAccess, string> = {
  'owner-only': 'Only the thread’s owner',
  'private read': 'People the owner invites',
  'org read': 'Everyone in the organization',
  'public read': 'Anyone with the link',
};

export default function OrgDetailsPage() {
  return (
    <OrgGate title="Organization details">
      {({ orgUuid, details }) => (
        <>
          <DetailsForm key={orgUuid} orgUuid={orgUuid} details={details} />
          {isManager(details.my_role) && <SsoSection orgUuid={orgUuid} />}
          {isManager(details.my_role) && (
            <p>
              <Link to="/account/org/billing" className="text-teal-700 underline dark:text-teal-400">
                Billing
              </Link>
            </p>
          )}
        </>
      )}
    </OrgGate>
  );
}

function DetailsForm({ orgUuid, details }: { orgUuid: string; details: OrgDetails }) {
  const refresh = useRefreshOrg(orgUuid);
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateOrganization({ mutation: { onSuccess: refresh } });
  const editable = isManager(details.my_role);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const checked = checkedDetails({
      name: String(form.get('name') ?? ''),
      logo_url: String(form.get('logo_url') ?? '').trim() || null,
      email_domains: splitDomains(String(form.get('email_domains') ?? '')),
      default_thread_access: String(form.get('default_thread_access')) as OrgDefaultThreadAccess,
    });
    setInvalid('error' in checked ? checked.error : null);
    if ('ok' in checked) update.mutate({ orgUuid, data: checked.ok as never });
  };
  return (
    <form onSubmit={submit} aria-label="Organization details" noValidate className="space-y-5">
      <fieldset disabled={!editable || update.isPending} className="space-y-5">
        <label className="flex flex-col gap-1">
          <span className="label">Name</span>
          <input name="name" maxLength={100} defaultValue={details.name} className="field" />
        </label>
        <div className="flex items-end gap-4">
          {details.logo_url && (
            <img src={details.logo_url} alt="" className="size-12 rounded-lg border border-neutral-200 object-contain dark:border-neutral-800" />
          )}
          <label className="flex flex-1 flex-col gap-1">
            <span className="label">Logo image address</span>
            <input
              name="logo_url"
              type="url"
              inputMode="url"
              placeholder="https://example.com/logo.png"
              defaultValue={details.logo_url ?? ''}
              className="field"
            />
          </label>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="org-email-domains" className="label">
            Email domains
          </label>
          <textarea
            id="org-email-domains"
            name="email_domains"
            rows={3}
            defaultValue={details.email_domains.join('\n')}
            placeholder="example.com"
            aria-describedby="org-email-domains-hint"
            className="field"
          />
          <span id="org-email-domains-hint" className="text-xs text-neutral-500 dark:text-neutral-400">
            One per line, like example.com.
          </span>
        </div>
        <label className="flex flex-col gap-1">
          <span className="label">Who reads a member’s new threads</span>
          <select name="default_thread_access" defaultValue={details.default_thread_access} className="field">
            {Object.entries(THREAD_ACCESS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {editable ? (
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save details'}
        </button>
      ) : (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Only owners and admins change these.</p>
      )}
      {update.isSuccess && <p role="status">The details are saved.</p>}
      {invalid && <FormError>{invalid}</FormError>}
      {update.isError && <FormError>{problemMessage(update.error)}</FormError>}
    </form>
  );
}
