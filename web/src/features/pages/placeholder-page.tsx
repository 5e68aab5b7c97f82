// A page of a feature that is not built yet: it names the feature, and shows no fake data.
import { Link } from 'react-router';

export function PlaceholderPage({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto flex min-h-[70dvh] w-full max-w-xl flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{children}</p>
      <Link to="/" className="btn-secondary mt-2">
        Back to home
      </Link>
    </div>
  );
}
