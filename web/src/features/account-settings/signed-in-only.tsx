// A settings section needs someone signed in: a visitor is told so, plainly.
import type { ReactNode } from 'react';
import { useSession } from '../../platform/session';

export function SignedInOnly({ title, children }: { title: string; children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  return (
    <section aria-labelledby="section-heading" className="max-w-2xl space-y-6">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      {user ? children : <p className="text-neutral-600 dark:text-neutral-400">Sign in to keep these settings with your account.</p>}
    </section>
  );
}

/** What a save says: saving, saved, or the server's words for what went wrong. */
export function SaveStatus({ pending, saved, error }: { pending: boolean; saved: boolean; error: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
        {error}
      </p>
    );
  return (
    <p role="status" className="min-h-5 text-sm text-neutral-500 dark:text-neutral-400">
      {pending ? 'Saving…' : saved ? 'Saved.' : ''}
    </p>
  );
}
