// A connector's mark: its initials on its brand's colour (the product ships no third-party logos).
const COLOURS: Record<string, string> = {
  google_drive: 'bg-emerald-600',
  gmail: 'bg-red-600',
  onedrive: 'bg-sky-600',
  sharepoint: 'bg-teal-700',
  microsoft_teams: 'bg-indigo-600',
  outlook: 'bg-blue-700',
  dropbox: 'bg-blue-600',
  box: 'bg-sky-700',
  notion: 'bg-neutral-900',
  linear: 'bg-violet-600',
  github: 'bg-neutral-800',
  asana: 'bg-rose-500',
  atlassian: 'bg-blue-800',
  jira: 'bg-blue-600',
  confluence: 'bg-blue-500',
  slack: 'bg-purple-700',
};

export function ConnectorBadge({ name, label }: { name: string; label: string }) {
  const initials = label
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return (
    <span
      aria-hidden
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-semibold text-white ${COLOURS[name] ?? 'bg-neutral-500'}`}
    >
      {initials}
    </span>
  );
}
