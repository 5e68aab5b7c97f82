// /account/api: the person's keys for the answer API (OpenAI-compatible, at <server>/v1), their use
// this month against the plan's allowance; create one (its secret shown once, to copy) and revoke.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getListApiKeysQueryKey, useListApiKeys, useRevokeApiKey } from '../../../../generated/react-query/api-keys/api-keys';
import type { ApiKey, ApiKeyList } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SignedInOnly } from '../account-settings/signed-in-only';
import { CreateKeyDialog } from './create-key-dialog';

export default function ApiPage() {
  return (
    <SignedInOnly title="API">
      <ApiKeys />
    </SignedInOnly>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never');

function ApiKeys() {
  const client = useQueryClient();
  const list = useListApiKeys({ query: { select: (r) => r.data as ApiKeyList } });
  const refresh = () => client.invalidateQueries({ queryKey: getListApiKeysQueryKey() });
  const revoke = useRevokeApiKey({ mutation: { onSuccess: refresh } });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (list.isPending) return <p aria-live="polite">Loading your API keys…</p>;
  if (list.isError) return <p role="alert">{problemMessage(list.error)}</p>;
  const { items, plan } = list.data;
  const base = `${window.location.origin}/v1`;
  return (
    <div className="space-y-6">
      <p className="text-neutral-600 dark:text-neutral-400">
        Ask the answer engine from your code with any OpenAI client: set its base URL to <code className="break-all">{base}</code> and its API key to one of
        yours. Answers search what you may read, and the web. The API reference is at{' '}
        <a className="underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This month: {plan.requests_this_month} of {plan.monthly_requests} requests on your {plan.plan} plan · {plan.requests_per_minute} requests per minute per
        key.
      </p>
      <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
        Create API key
      </button>
      {items.length === 0 ? (
        <p className="text-neutral-500">You have no API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {items.map((k) => (
            <li key={k.key_id} aria-label={k.name} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {k.name} <code className="text-neutral-500">{k.prefix}…</code>{' '}
                  {k.revoked_at && <span className="text-red-700 dark:text-red-300">(revoked)</span>}
                </p>
                <p className="text-neutral-500 dark:text-neutral-400">
                  {k.scopes.join(', ')} · Created {when(k.created_at)} · Last used {when(k.last_used_at)}
                </p>
                <p className="text-neutral-500 dark:text-neutral-400">
                  This month: {k.usage.requests} requests · {k.usage.prompt_tokens + k.usage.completion_tokens} tokens · {k.usage.search_queries} searches
                </p>
              </div>
              {!k.revoked_at && (
                <button type="button" className="btn-secondary" onClick={() => setRevoking(k)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && <p role="alert">{problemMessage(revoke.error)}</p>}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Programs using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate({ keyId: revoking.key_id });
          setRevoking(null);
        }}
      />
    </div>
  );
}
