// The narrow centred card of the account pages reached from a mailed link or the login modal.
import type { ReactNode } from 'react';

export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[70dvh] w-full max-w-sm flex-col justify-center gap-4 px-4">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
