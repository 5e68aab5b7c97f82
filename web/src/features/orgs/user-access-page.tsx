// /account/org/user-access: which members may use web search, connectors, file uploads, file
// downloads and which models: a default per role, and a person's own setting where it differs.
import { type FormEvent, useState } from 'react';
import { useGetOrgUserAccess, useListOrgMembers, useUpdateOrgUserAccess } from '../../../../generated/react-query/organizations/organizations';
import type { OrgAccess, OrgAccessOverride, OrgMemberList, OrgRole, OrgUserAccess } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { FormError } from '../auth/form-parts';
import { OrgGate } from './org-gate';
import { isManager, ROLE_LABEL } from './org-sections';
import { useRefreshOrg } from './use-org';

type Capability = 'web_search' | 'connectors' | 'file_uploads' | 'file_downloads';
const CAPABILITIES: { key: Capability; label: string }[] = [
  { key: 'web_search', label: 'Web search' },
  { key: 'connectors', label: 'Connectors' },
  { key: 'file_uploads', label: 'File uploads' },
  { key: 'file_downloads', label: 'File downloads' },
];
const ROLES = Object.keys(ROLE_LABEL) as OrgRole[];

export default function OrgUserAccessPage() {
  return <OrgGate title="User access">{({ orgUuid, details }) => <UserAccess orgUuid={orgUuid} editable={isManager(details.my_role)} />}</OrgGate>;
}

function UserAccess({ orgUuid, editable }: { orgUuid: string; editable: boolean }) {
  const access = useGetOrgUserAccess<OrgUserAccess, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgUserAccess } });
  const members = useListOrgMembers<OrgMemberList, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgMemberList } });
  if (access.isPending || members.isPending) return <p aria-live="polite">Loading access…</p>;
  if (access.isError || members.isError) return <p role="alert">{problemMessage(access.error ?? members.error)}</p>;
  return <AccessForm key={orgUuid} orgUuid={orgUuid} editable={editable} initial={access.data} members={members.data.members} />;
}

function AccessForm({
  orgUuid,
  editable,
  initial,
  members,
}: {
  orgUuid: string;
  editable: boolean;
  initial: OrgUserAccess;
  members: OrgMemberList['members'];
}) {
  const refresh = useRefreshOrg(orgUuid);
  const [roles, setRoles] = useState(initial.roles);
  const [people, setPeople] = useState<Record<string, OrgAccessOverride>>(initial.people);
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateOrgUserAccess({ mutation: { onSuccess: refresh } });
  const models = initial.models ?? [];
  const setRole = (role: OrgRole, change: Partial<OrgAccess>) => setRoles((r) => ({ ...r, [role]: { ...r[role], ...change } }));
  const setPerson = (userId: string, key: Capability, value: string) =>
    setPeople((p) => {
      const { [key]: _old, ...rest } = p[userId] ?? {};
      const next = value === 'role' ? rest : { ...rest, [key]: value === 'yes' };
      const { [userId]: _gone, ...others } = p;
      return Object.keys(next).length ? { ...others, [userId]: next } : others;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = ROLES.find((r) => roles[r].models !== null && roles[r].models.length === 0);
    setInvalid(empty ? `Choose at least one model for ${ROLE_LABEL[empty]}s, or allow every model.` : null);
    if (!empty) update.mutate({ orgUuid, data: { roles, people } });
  };
  return (
    <form onSubmit={submit} aria-label="User access" className="space-y-8">
      <fieldset disabled={!editable || update.isPending} className="space-y-8">
        <section aria-labelledby="by-role" className="space-y-2">
          <h2 id="by-role" className="text-lg font-medium">
            By role
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-neutral-500 dark:text-neutral-400">
                <th scope="col" className="py-2 font-medium">
                  Role
                </th>
                {CAPABILITIES.map((c) => (
                  <th key={c.key} scope="col" className="py-2 font-medium">
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="py-2 font-medium">
                  Models
                </th>
              </tr>
            </thead>
            <tbody>
              {ROLES.map((role) => (
                <tr key={role} className="border-t border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="py-2 text-left font-medium">
                    {ROLE_LABEL[role]}s
                  </th>
                  {CAPABILITIES.map((c) => (
                    <td key={c.key} className="py-2">
                      <input
                        type="checkbox"
                        aria-label={`${c.label} for ${ROLE_LABEL[role]}s`}
                        className="size-4 accent-neutral-900 dark:accent-white"
                        checked={roles[role][c.key]}
                        onChange={(e) => setRole(role, { [c.key]: e.target.checked })}
                      />
                    </td>
                  ))}
                  <td className="py-2">
                    <ModelChoice
                      models={models}
                      value={roles[role].models}
                      label={`Models for ${ROLE_LABEL[role]}s`}
                      onChange={(m) => setRole(role, { models: m })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="by-person" className="space-y-2">
          <h2 id="by-person" className="text-lg font-medium">
            By person
          </h2>
          <p className="text-sm text-neutral-500 dark:text-neutral-400">A person’s own setting wins over their role’s.</p>
          <ul
            aria-label="Access by person"
            className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
          >
            {members.map((m) => (
              <li key={m.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <span className="min-w-40 flex-1 font-medium">{m.name ?? m.email}</span>
                {CAPABILITIES.map((c) => {
                  const own = people[m.user_id]?.[c.key];
                  return (
                    <label key={c.key} className="flex flex-col text-xs">
                      {c.label}
                      <select
                        className="field py-1"
                        value={own === undefined ? 'role' : own ? 'yes' : 'no'}
                        onChange={(e) => setPerson(m.user_id, c.key, e.target.value)}
                        aria-label={`${c.label} for ${m.name ?? m.email}`}
                      >
                        <option value="role">As their role ({roles[m.role][c.key] ? 'yes' : 'no'})</option>
                        <option value="yes">Yes</option>
                        <option value="no">No</option>
                      </select>
                    </label>
                  );
                })}
              </li>
            ))}
          </ul>
        </section>
      </fieldset>
      {editable ? (
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save access'}
        </button>
      ) : (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Only owners and admins change these.</p>
      )}
      {update.isSuccess && <p role="status">Access is saved.</p>}
      {invalid && <FormError>{invalid}</FormError>}
      {update.isError && <FormError>{problemMessage(update.error)}</FormError>}
    </form>
  );
}

/** Every configured model, or some of them. */
function ModelChoice({ models, value, label, onChange }: { models: string[]; value: string[] | null; label: string; onChange: (m: string[] | null) => void }) {
  return (
    <fieldset aria-label={label} className="flex flex-col gap-1 text-xs">
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={value === null} onChange={(e) => onChange(e.target.checked ? null : [...models])} />
        Every model
      </label>
      {value !== null &&
        models.map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input type="checkbox" checked={value.includes(m)} onChange={(e) => onChange(e.target.checked ? [...value, m] : value.filter((x) => x !== m))} />
            {m}
          </label>
        ))}
    </fieldset>
  );
}
