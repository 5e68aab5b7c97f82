// The Space video modal (seed 000's "space video"): what a Space is, shown as its steps rather
// than a video (this server ships no video and loads nothing from elsewhere), with the way to
// make one.
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';

const STEPS = [
  ['Give it a topic', 'A title, an emoji and a description, so you and those you invite know what it is for.'],
  ['Tell answers how to work', 'Instructions every answer in the Space follows: a tone, a format, what to focus on.'],
  ['Add what answers should know', 'Files and links; answers in the Space search them, and the web only if you allow it.'],
  ['Ask, and share', 'Threads asked in the Space stay together; invite people to read or to contribute.'],
] as const;

export default function SpaceVideoModal({ close }: ModalProps) {
  const { open } = useModals();
  return (
    <div className="space-y-4">
      <ModalTitle>Spaces</ModalTitle>
      <ol className="space-y-3">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-neutral-900 text-sm font-semibold text-white dark:bg-white dark:text-neutral-900"
            >
              {i + 1}
            </span>
            <span>
              <span className="block font-medium">{title}</span>
              <span className="block text-sm text-neutral-600 dark:text-neutral-400">{text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            close();
            open('spaceCreate', {});
          }}
        >
          Create a Space
        </button>
      </div>
    </div>
  );
}
