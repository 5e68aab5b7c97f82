// Shown when a page fails to load (for example a chunk lost after a deploy).
import { useRouteError } from 'react-router';

export function RouteError() {
  console.error(useRouteError());
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-xl font-semibold">An error has occurred</h1>
      <button type="button" className="btn-primary" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
