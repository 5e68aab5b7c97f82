// /account/org/permissions: downloads of the organisation's files, PDF downloads, public sharing
// of threads, and who may create Spaces. Owners and admins change them; each switch saves at once.
import { useGetOrgPermissions, useUpdateOrgPermissions } from '../../../../generated/react-query/organizations/organizations';
import type { OrgPermissions, OrgPermissionsUpdate } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { FormError } from '../auth/form-parts';
import { OrgGate } from './org-gate';
import { isManager } from './org-sections';
import { useRefreshOrg } from './use-org';

export default function OrgPermissionsPage() {
  return <OrgGate title="Permissions">{({ orgUuid, details }) => <Permissions orgUuid={orgUuid} editable={isManager(details.my_role)} />}</OrgGate>;
}

const SWITCHES: { key: 'downloads_allowed' | 'pdf_allowed' | 'public_sharing_allowed'; label: string; hint: string }[] = [
  { key: 'downloads_allowed', label: 'Allow file downloads', hint: 'When off, no one downloads the organization’s files; answers still use them.' },
  { key: 'pdf_allowed', label: 'Allow PDF downloads', hint: 'When off, members cannot download PDF files.' },
  { key: 'public_sharing_allowed', label: 'Allow public sharing', hint: 'When off, members cannot make a thread readable by anyone with the link.' },
];

function Permissions({ orgUuid, editable }: { orgUuid: string; editable: boolean }) {
  const refresh = useRefreshOrg(orgUuid);
  const perms = useGetOrgPermissions<OrgPermissions, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgPermissions } });
  const update = useUpdateOrgPermissions({ mutation: { onSettled: refresh } });
  if (perms.isPending) return <p aria-live="polite">Loading permissions…</p>;
  if (perms.isError) return <p role="alert">{problemMessage(perms.error)}</p>;
  const p = perms.data;
  const on = { downloads_allowed: !p.downloads_disabled, pdf_allowed: !p.pdf_downloads_restricted, public_sharing_allowed: p.public_sharing_allowed };
  const change = (key: (typeof SWITCHES)[number]['key'], value: boolean) => {
    const data: OrgPermissionsUpdate =
      key === 'downloads_allowed'
        ? { downloads_disabled: !value }
        : key === 'pdf_allowed'
          ? { pdf_downloads_restricted: !value }
          : { public_sharing_allowed: value };
    update.mutate({ orgUuid, data });
  };
  return (
    <div className="space-y-4">
      {SWITCHES.map((s) => (
        <label key={s.key} className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
          <span className="flex flex-col">
            <span className="text-sm font-medium">{s.label}</span>
            <span className="text-xs text-neutral-500 dark:text-neutral-400">{s.hint}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={on[s.key]}
            className="size-5 accent-neutral-900 dark:accent-white"
            checked={on[s.key]}
            disabled={!editable || update.isPending}
            onChange={(e) => change(s.key, e.target.checked)}
          />
        </label>
      ))}
      <label className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
        <span className="flex flex-col">
          <span className="text-sm font-medium">Who may create Spaces</span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">Owners and admins always may.</span>
        </span>
        <select
          className="field w-auto"
          value={p.space_creation}
          disabled={!editable || update.isPending}
          onChange={(e) => update.mutate({ orgUuid, data: { space_creation: e.target.value as OrgPermissions['space_creation'] } })}
        >
          <option value="everyone">Every member</option>
          <option value="admins">Owners and admins only</option>
        </select>
      </label>
      {!editable && <p className="text-sm text-neutral-500 dark:text-neutral-400">Only owners and admins change these.</p>}
      {update.isError && <FormError>{problemMessage(update.error)}</FormError>}
    </div>
  );
}
