// Starting an organisation: its name; the person becomes its first owner.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCreateOrganization } from '../../../../generated/react-query/organizations/organizations';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { FormError } from '../auth/form-parts';
import { checkedDetails } from './org-rules';

export function CreateOrgForm() {
  const qc = useQueryClient();
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateOrganization({ mutation: { onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueryKey() }) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkedDetails({ name: String(new FormData(e.currentTarget).get('name') ?? '') });
    setInvalid('error' in checked ? checked.error : null);
    if ('ok' in checked) create.mutate({ data: { name: checked.ok.name! } });
  };
  return (
    <form onSubmit={submit} aria-label="Start an organization" noValidate className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="label">Organization name</span>
          <input name="name" maxLength={100} className="field" />
        </label>
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create organization'}
        </button>
      </div>
      {invalid && <FormError>{invalid}</FormError>}
      {create.isError && <FormError>{problemMessage(create.error)}</FormError>}
    </form>
  );
}
