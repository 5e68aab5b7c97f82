// How deep the ask box's question goes: a quick answer, or a Research report (sections, each
// claim cited, written by a durable workflow on the server). Its own component, so a Pro Search
// choice can join it without touching the ask box.
import type { AnswerDepth } from '../../../../generated/sdk/types.gen';

export const DEPTH_CHOICES: { depth: AnswerDepth; label: string; hint: string }[] = [
  { depth: 'quick', label: 'Quick', hint: 'One search, read and answered' },
  { depth: 'research', label: 'Research', hint: 'A long report with sections, each claim cited; takes a few minutes' },
];

export function DepthPicker({ depth, onChange }: { depth: AnswerDepth; onChange: (depth: AnswerDepth) => void }) {
  return (
    <select
      aria-label="Answer depth"
      value={depth}
      onChange={(e) => onChange(e.target.value as AnswerDepth)}
      title={DEPTH_CHOICES.find((c) => c.depth === depth)?.hint}
      className="rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
    >
      {DEPTH_CHOICES.map((c) => (
        <option key={c.depth} value={c.depth} title={c.hint}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
