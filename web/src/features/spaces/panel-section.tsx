// A titled section of the Space settings and context sheet (Instructions, Files, Links, ...).
import type { ReactNode } from 'react';

export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 border-t border-neutral-100 pt-4 dark:border-neutral-800">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}
