// "Start from a template": a card per Space template; choosing one opens the create form filled
// from it. A failure to list them says so in place.
import { SpaceIcon } from './space-icon';
import { TEMPLATES_FAILED, useSpaceTemplates } from './space-templates';

export function SpaceTemplates({ onChoose }: { onChoose: (templateId: string) => void }) {
  const templates = useSpaceTemplates();
  return (
    <section aria-labelledby="space-templates-heading" className="flex flex-col gap-4">
      <h2 id="space-templates-heading" className="text-lg font-semibold tracking-tight">
        Start from a template
      </h2>
      {templates.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {TEMPLATES_FAILED}
        </p>
      ) : templates.isPending ? (
        <div role="status" aria-label="Loading templates" className="h-24 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900" />
      ) : (
        <ul aria-label="Templates" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {templates.data.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onChoose(t.id)}
                aria-label={`Start from ${t.title}`}
                className="flex h-full w-full flex-col gap-2 rounded-2xl border border-neutral-200 p-4 text-left transition-colors hover:border-neutral-300 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:border-neutral-700 dark:hover:bg-neutral-900"
              >
                <SpaceIcon emoji={t.emoji} className="text-2xl leading-none" />
                <span className="font-medium">{t.title}</span>
                <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{t.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
