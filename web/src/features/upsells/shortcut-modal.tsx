// A recommended shortcut (seed 002 §4 shortcut modal), filled with its name and prompt. Saved
// shortcuts arrive with tasks; until then the person can ask the prompt now.
import { useState } from 'react';
import type { ModalProps } from '../../app/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { useStartThread } from '../search/use-start-thread';
import type { UpsellModalArgs } from './upsell-args';

export default function ShortcutModal({ args, close }: ModalProps<UpsellModalArgs>) {
  const shortcut = args.upsell.recommended_shortcut;
  const [name, setName] = useState(shortcut?.name ?? '');
  const [prompt, setPrompt] = useState(shortcut?.prompt ?? '');
  const startThread = useStartThread();
  const ask = () => {
    close();
    startThread(prompt.trim());
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (prompt.trim()) ask();
      }}
    >
      <ModalTitle>{args.upsell.title}</ModalTitle>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">Shortcut name</span>
        <input className="field w-full" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">Prompt</span>
        <textarea className="field min-h-24 w-full" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      </label>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">Saving shortcuts arrives with tasks. You can ask this prompt now.</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={!prompt.trim()}>
          Ask now
        </button>
      </div>
    </form>
  );
}
