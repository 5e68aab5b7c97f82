// A whole-page message (not found, could not load) with a Back button and an optional action.
import { ArrowLeft } from './icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export function PageMessage({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300">{icon}</div>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{text}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          <ArrowLeft className="size-4" /> Back
        </button>
        {action}
      </div>
    </div>
  );
}
