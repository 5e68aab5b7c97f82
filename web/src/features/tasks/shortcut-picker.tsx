// The ask box's shortcut list: typing / first lists the person's shortcuts whose name matches
// what follows; picking one (click, or arrows and Enter) asks its prompt. Keyboard shortcuts
// stay as they are: single-key ones are off while typing, and Show Shortcuts needs a modifier.
import type { Task } from '../../../../generated/react-query/model';

/** The shortcuts the ask box text calls up: it starts with /, and the name holds what follows. */
export function matchingShortcuts(text: string, shortcuts: readonly Task[] | undefined) {
  if (!text.startsWith('/') || !shortcuts) return null;
  const q = text.slice(1).trim().toLowerCase();
  return shortcuts.filter((s) => s.status === 'ACTIVE' && s.title.toLowerCase().includes(q)).slice(0, 8);
}

export function ShortcutPicker({ items, active, pick }: { items: readonly Task[]; active: number; pick: (t: Task) => void }) {
  return (
    <div
      id="ask-shortcuts"
      role="listbox"
      aria-label="Shortcuts"
      className="mt-1 max-h-60 overflow-auto rounded-xl border border-neutral-200 bg-white text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      {items.length === 0 && <p className="px-3 py-2 text-neutral-500">No shortcut matches.</p>}
      {items.map((t, i) => (
        <div
          key={t.task_id}
          tabIndex={-1}
          id={`ask-shortcut-${i}`}
          role="option"
          aria-selected={i === active}
          className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-neutral-100 dark:bg-neutral-800' : ''}`}
          onMouseDown={(e) => {
            e.preventDefault();
            pick(t);
          }}
        >
          <span className="font-medium">/{t.title}</span>
          <span className="ml-2 text-neutral-500">{t.query.prompt.slice(0, 80)}</span>
        </div>
      ))}
    </div>
  );
}
