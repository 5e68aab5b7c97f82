// Creating an API key: a name and its scopes, then the secret, shown this once with a Copy button
// (the server keeps only its hash). Closing the dialog forgets the secret.
import * as Dialog from 'radix-ui/dialog';
import { useId, useState, type FormEvent } from 'react';
import { useCreateApiKey } from '../../../../generated/react-query/api-keys/api-keys';
import type { ApiKeyCreated, ApiKeyScope } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';

const SCOPES: { scope: ApiKeyScope; label: string }[] = [
  { scope: 'answers:write', label: 'Ask questions (POST /v1/chat/completions)' },
  { scope: 'models:read', label: 'List models (GET /v1/models)' },
];

type Props = { open: boolean; onClose: () => void; onCreated: () => void };

export function CreateKeyDialog({ open, onClose, onCreated }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[100] bg-neutral-950/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-[101] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-neutral-900 shadow-2xl ring-1 ring-neutral-950/5 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-white/10"
        >
          {/* Mounted per opening: a new form each time, and the secret gone once closed. */}
          {open && <CreateKeyForm onClose={onClose} onCreated={onCreated} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreateKeyForm({ onClose, onCreated }: Omit<Props, 'open'>) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(SCOPES.map((s) => s.scope));
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useCreateApiKey({
    mutation: {
      onSuccess: (r) => {
        setCreated(r.data as ApiKeyCreated);
        onCreated();
      },
      onError: (err) => setError(problemMessage(err)),
    },
  });
  if (created) return <ShownOnce created={created} onClose={onClose} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the key a name.');
    if (!scopes.length) return setError('Choose at least one scope.');
    create.mutate({ data: { name: name.trim(), scopes } });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Dialog.Title className="text-base font-semibold tracking-tight">Create API key</Dialog.Title>
      <div>
        <label htmlFor={`${id}-name`} className="label">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="field"
          value={name}
          maxLength={100}
          autoComplete="off"
          placeholder="What uses it, e.g. CI pipeline"
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="label">Scopes</legend>
        {SCOPES.map((s) => (
          <label key={s.scope} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={scopes.includes(s.scope)}
              onChange={(e) => setScopes((now) => (e.target.checked ? [...now, s.scope] : now.filter((x) => x !== s.scope)))}
            />
            {s.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Create
        </button>
      </div>
    </form>
  );
}

function ShownOnce({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Key copied.', { duration: TOAST_DURATION.short });
    } catch {
      toast.error('Copying was refused by the browser: select the key and copy it.', { duration: TOAST_DURATION.long });
    }
  };
  return (
    <div className="space-y-4">
      <Dialog.Title className="text-base font-semibold tracking-tight">Your new API key</Dialog.Title>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Copy it now: it is shown only this once. Keep it secret, like a password.</p>
      <input readOnly aria-label="New API key" className="field font-mono text-sm" value={created.secret} onFocus={(e) => e.currentTarget.select()} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
