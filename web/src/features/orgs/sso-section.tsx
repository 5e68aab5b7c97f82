// The "Single sign-on" section of /account/org/details, for owners and admins: claim the
// organisation's email domain, publish the TXT record it shows, verify it, then name the OpenID
// Connect provider (saving reads its discovery document, as a test). The client secret is never
// shown again once saved.
import { type FormEvent, useId, useState } from 'react';
import {
  useClaimOrgSsoDomain,
  useConfigureOrgSso,
  useGetOrgSso,
  useRemoveOrgSso,
  useVerifyOrgSsoDomain,
} from '../../../../generated/react-query/organizations/organizations';
import type { OrgSso } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError } from '../auth/form-parts';
import { useRefreshOrg } from './use-org';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function SsoSection({ orgUuid }: { orgUuid: string }) {
  const refresh = useRefreshOrg(orgUuid);
  const sso = useGetOrgSso<OrgSso, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgSso } });
  const claim = useClaimOrgSsoDomain({ mutation: { onSuccess: refresh } });
  const verify = useVerifyOrgSsoDomain({ mutation: { onSuccess: refresh } });
  const configure = useConfigureOrgSso({ mutation: { onSuccess: refresh } });
  const remove = useRemoveOrgSso({ mutation: { onSuccess: refresh } });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [changingDomain, setChangingDomain] = useState(false);
  const [removing, setRemoving] = useState(false);
  const ids = useId();
  if (sso.isPending) return <p aria-live="polite">Loading single sign-on…</p>;
  if (sso.isError) return <p role="alert">{problemMessage(sso.error)}</p>;
  const s = sso.data;

  const submitDomain = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const domain = String(new FormData(e.currentTarget).get('domain') ?? '')
      .trim()
      .toLowerCase()
      .replace(/^@/, '');
    if (!DOMAIN.test(domain)) return setInvalid('Give your organisation’s email domain, like example.com.');
    setInvalid(null);
    claim.mutate({ orgUuid, data: { domain } }, { onSuccess: () => setChangingDomain(false) });
  };
  const submitProvider = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const issuer = String(form.get('issuer') ?? '').trim();
    const client_id = String(form.get('client_id') ?? '').trim();
    const client_secret = String(form.get('client_secret') ?? '');
    if (!/^https?:\/\/\S+$/.test(issuer)) return setInvalid('The issuer must be an https:// address, like https://login.example.com.');
    if (!client_id) return setInvalid('Give the client id your provider issued.');
    if (!client_secret && !s.client_secret_set) return setInvalid('Give the client secret your provider issued.');
    setInvalid(null);
    configure.mutate({ orgUuid, data: { issuer, client_id, ...(client_secret ? { client_secret } : {}) } });
  };
  const failure = [claim, verify, configure, remove].find((m) => m.isError)?.error;

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4 border-t border-neutral-200 pt-6 dark:border-neutral-800">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Single sign-on
      </h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        People with an address at your domain sign in through your identity provider (Sign in with SSO) and join this organisation as members.
      </p>

      {(!s.domain || changingDomain) && (
        <form onSubmit={submitDomain} aria-label="Email domain for single sign-on" noValidate className="flex items-end gap-3">
          <label className="flex flex-1 flex-col gap-1">
            <span className="label">Email domain</span>
            <input name="domain" placeholder="example.com" maxLength={253} className="field" />
          </label>
          <button type="submit" className="btn-primary" disabled={claim.isPending}>
            {claim.isPending ? 'Claiming…' : 'Claim domain'}
          </button>
        </form>
      )}

      {s.domain && !s.domain_verified && !changingDomain && (
        <div className="space-y-3">
          <p>
            To prove your organisation owns <strong>{s.domain}</strong>, add this TXT record at your DNS host, then verify.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-neutral-50 p-3 text-sm dark:bg-neutral-900">
            <dt className="font-medium">Name</dt>
            <dd>
              <code>{s.txt_name}</code>
            </dd>
            <dt className="font-medium">Value</dt>
            <dd>
              <code className="break-all">{s.txt_value}</code>
            </dd>
          </dl>
          <div className="flex gap-3">
            <button type="button" className="btn-primary" disabled={verify.isPending} onClick={() => verify.mutate({ orgUuid })}>
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setChangingDomain(true)}>
              Use another domain
            </button>
          </div>
        </div>
      )}

      {s.domain && s.domain_verified && !changingDomain && (
        <div className="space-y-4">
          <p role="status">{s.domain} is verified.</p>
          <form onSubmit={submitProvider} aria-label="Identity provider" noValidate className="space-y-3">
            <label className="flex flex-col gap-1">
              <span className="label">Issuer</span>
              <input name="issuer" type="url" inputMode="url" placeholder="https://login.example.com" defaultValue={s.issuer ?? ''} className="field" />
            </label>
            <label className="flex flex-col gap-1">
              <span className="label">Client ID</span>
              <input name="client_id" maxLength={255} defaultValue={s.client_id ?? ''} className="field" />
            </label>
            <label className="flex flex-col gap-1">
              <span className="label">Client secret</span>
              <input
                name="client_secret"
                type="password"
                autoComplete="off"
                maxLength={1024}
                placeholder={s.client_secret_set ? 'Kept; type a new one to replace it' : ''}
                className="field"
              />
            </label>
            <p className="text-xs text-neutral-500 dark:text-neutral-400">
              Register this redirect URI with your provider: <code>{s.redirect_uri}</code>
            </p>
            <button type="submit" className="btn-primary" disabled={configure.isPending}>
              {configure.isPending ? 'Testing…' : 'Save and test'}
            </button>
          </form>
          {s.active && <p role="status">Single sign-on is on: people at {s.domain} can sign in with SSO.</p>}
        </div>
      )}

      {s.domain && (
        <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => setRemoving(true)}>
          Remove single sign-on
        </button>
      )}
      <ConfirmDialog
        open={removing}
        title="Remove single sign-on?"
        description="People at the domain can no longer sign in through your provider; members who joined through it stay members. The domain would need verifying again."
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ orgUuid }, { onSettled: () => setRemoving(false) })}
        onCancel={() => setRemoving(false)}
      />
      {invalid && <FormError>{invalid}</FormError>}
      {failure && <FormError>{problemMessage(failure)}</FormError>}
    </section>
  );
}
