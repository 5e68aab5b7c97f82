// The memory and library side sheet (seed 003 §2; a bottom sheet on a phone): the memories and
// earlier conversation an answer used, each with its title, date and snippet, feedback on each
// memory, 'See more' for a library entry, 'Manage' for the memory list, and 'See all your memories.'
import { Link } from 'react-router';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { keyOfUrl, type MemorySheetArgs } from './memory-args';
import { MemoryFeedback } from './memory-feedback';
import { formatMemoryDate } from './use-memories';

export default function MemorySheet({ args, close }: ModalProps<MemorySheetArgs>) {
  const modals = useModals();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between pr-8">
        <ModalTitle>Memory</ModalTitle>
        <button type="button" className="text-sm underline" onClick={() => modals.open('memoryList')}>
          Manage
        </button>
      </div>
      <ul aria-label="Memories used" className="flex flex-col gap-4">
        {args.items.map((item) => (
          <li key={item.url} className="flex flex-col gap-1 border-b border-neutral-100 pb-3 dark:border-neutral-800">
            <span className="text-sm font-medium">{item.name}</span>
            {item.timestamp && <span className="text-xs text-neutral-500">{formatMemoryDate(item.timestamp)}</span>}
            <p className="text-sm">{item.snippet}</p>
            {item.is_conversation_history && (
              <Link to={item.url} onClick={close} className="text-sm underline">
                See more
              </Link>
            )}
            {item.is_memory && <MemoryFeedback memoryKey={keyOfUrl(item.url)} feedbackEntryUuid={args.entryUuid} />}
          </li>
        ))}
      </ul>
      <button type="button" className="self-start text-sm text-neutral-500 underline" onClick={() => modals.open('memoryList')}>
        See all your memories.
      </button>
    </div>
  );
}
