// /account/site-instructions: instructions the browser agent follows on particular sites, one
// entry per site. A pasted address is kept under its domain (shown before adding); blank or
// long instructions, a site listed already or one too many are refused with the server's words
// (the server alone knows the public suffixes: `co.uk` passes the form and is refused there).
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  getListSiteInstructionsQueryKey,
  useAddSiteInstruction,
  useDeleteSiteInstruction,
  useListSiteInstructions,
  useUpdateSiteInstruction,
} from '../../../../generated/react-query/account-settings/account-settings';
import type { SiteInstruction, SiteInstructionList } from '../../../../generated/react-query/model';
import { charCount, SITE_INSTRUCTIONS_MAX_LENGTH } from '../../../../services/settings/pure';
import { problemMessage } from '../../platform/problem';
import { SaveStatus, SignedInOnly } from './signed-in-only';
import { previewSiteDomain } from './site-domain-preview';

export default function SiteInstructionsPage() {
  return (
    <SignedInOnly title="Site instructions">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        The browser agent follows these on the sites they name (and their subdomains). They are kept with your account.
      </p>
      <SiteInstructions />
    </SignedInOnly>
  );
}

/** The form's own check, in the server's words; null when the server may take it. */
function instructionsProblem(text: string) {
  const n = charCount(text.trim());
  if (n === 0) return 'Write the instructions: they cannot be blank.';
  if (n > SITE_INSTRUCTIONS_MAX_LENGTH)
    return `Keep instructions to ${SITE_INSTRUCTIONS_MAX_LENGTH.toLocaleString('en')} characters or fewer (${n.toLocaleString('en')} now).`;
  return null;
}

function useRefreshList() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: getListSiteInstructionsQueryKey() });
}

function SiteInstructions() {
  const list = useListSiteInstructions({ query: { select: (r) => r.data as SiteInstructionList } });
  if (list.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(list.error)} />;
  if (!list.data) return <p className="text-neutral-500">Loading…</p>;
  const { items, max_count } = list.data;
  return (
    <div className="space-y-8">
      {items.length ? (
        <ul aria-label="Sites with instructions" className="space-y-3">
          {items.map((item) => (
            <SiteItem key={item.domain} item={item} />
          ))}
        </ul>
      ) : (
        <p className="text-neutral-500 dark:text-neutral-400">No site has instructions yet.</p>
      )}
      {items.length < max_count ? (
        <AddForm />
      ) : (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          You keep instructions for {max_count} sites, the most there can be. Remove one to add another.
        </p>
      )}
    </div>
  );
}

function AddForm() {
  const refresh = useRefreshList();
  const id = useId();
  const [domain, setDomain] = useState('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddSiteInstruction({
    mutation: {
      onSuccess: () => {
        setDomain('');
        setText('');
        setTried(false);
        void refresh();
      },
    },
  });
  const normalised = previewSiteDomain(domain);
  const domainProblem = !domain.trim() ? 'Give a site’s domain, such as example.com.' : normalised ? null : 'Give a site’s domain, such as example.com.';
  const textProblem = instructionsProblem(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!domainProblem && !textProblem) add.mutate({ data: { domain, instructions: text } });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Add site instructions"
      className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
      noValidate
    >
      <h2 className="text-lg font-medium">Add a site</h2>
      <div className="space-y-1">
        <label htmlFor={`${id}-domain`} className="label">
          Site
        </label>
        <input
          id={`${id}-domain`}
          className="field w-full"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          placeholder="example.com"
          autoComplete="off"
          aria-invalid={(tried && !!domainProblem) || undefined}
          aria-describedby={`${id}-domain-note`}
        />
        <p
          id={`${id}-domain-note`}
          className={tried && domainProblem ? 'text-sm font-medium text-red-600 dark:text-red-400' : 'text-sm text-neutral-500 dark:text-neutral-400'}
        >
          {tried && domainProblem ? domainProblem : normalised && normalised !== domain.trim() ? `Kept as ${normalised}` : '\u00a0'}
        </p>
      </div>
      <InstructionsField id={`${id}-text`} value={text} onChange={setText} problem={tried ? textProblem : null} />
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add'}
        </button>
        {add.isError && <SaveStatus pending={false} saved={false} error={problemMessage(add.error)} />}
      </div>
    </form>
  );
}

function InstructionsField({ id, value, onChange, problem }: { id: string; value: string; onChange: (v: string) => void; problem: string | null }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="label">
        Instructions
      </label>
      <textarea
        id={id}
        rows={3}
        className="field w-full"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!problem || undefined}
        aria-describedby={`${id}-note`}
      />
      <p id={`${id}-note`} className={problem ? 'text-sm font-medium text-red-600 dark:text-red-400' : 'text-sm text-neutral-500 dark:text-neutral-400'}>
        {problem ?? `${charCount(value.trim()).toLocaleString('en')} / ${SITE_INSTRUCTIONS_MAX_LENGTH.toLocaleString('en')} characters`}
      </p>
    </div>
  );
}

function SiteItem({ item }: { item: SiteInstruction }) {
  const refresh = useRefreshList();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.instructions);
  const update = useUpdateSiteInstruction({
    mutation: {
      onSuccess: () => {
        setEditing(false);
        void refresh();
      },
    },
  });
  const remove = useDeleteSiteInstruction({ mutation: { onSuccess: () => void refresh() } });
  const problem = instructionsProblem(text);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) update.mutate({ domain: item.domain, data: { instructions: text } });
  };
  return (
    <li className="space-y-2 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <h3 className="font-medium">{item.domain}</h3>
      {editing ? (
        <form onSubmit={save} aria-label={`Edit instructions for ${item.domain}`} className="space-y-2" noValidate>
          <InstructionsField id={`${id}-edit`} value={text} onChange={setText} problem={problem} />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={update.isPending || !!problem}>
              {update.isPending ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setEditing(false);
                setText(item.instructions);
                update.reset();
              }}
            >
              Cancel
            </button>
          </div>
          {update.isError && <SaveStatus pending={false} saved={false} error={problemMessage(update.error)} />}
        </form>
      ) : (
        <>
          <p className="whitespace-pre-wrap text-sm text-neutral-700 dark:text-neutral-300">{item.instructions}</p>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Edit instructions for ${item.domain}`}
              onClick={() => {
                setText(item.instructions);
                setEditing(true);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Remove instructions for ${item.domain}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ domain: item.domain })}
            >
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
          </div>
          {remove.isError && <SaveStatus pending={false} saved={false} error={problemMessage(remove.error)} />}
        </>
      )}
    </li>
  );
}
