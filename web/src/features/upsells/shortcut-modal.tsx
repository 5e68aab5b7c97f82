// A recommended shortcut (seed 002 §4 shortcut modal), filled with its name and prompt: the
// person saves it as one of their shortcuts (a SHORTCUT task), or asks the prompt now.
import { useState } from 'react';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { useStartThread } from '../ask/use-start-thread';
import { useSession } from '../../platform/session';
import { useTaskActions } from '../tasks/use-tasks';
import type { UpsellModalArgs } from './upsell-args';

export default function ShortcutModal({ args, close }: ModalProps<UpsellModalArgs>) {
  const shortcut = args.upsell.recommended_shortcut;
  const [name, setName] = useState(shortcut?.name ?? '');
  const [prompt, setPrompt] = useState(shortcut?.prompt ?? '');
  const startThread = useStartThread();
  const { user } = useSession();
  const { create } = useTaskActions();
  const save = () => create.mutate({ data: { task_type: 'SHORTCUT', title: name.trim(), query: { prompt: prompt.trim() } } }, { onSuccess: close });
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
      {!user && <p className="text-xs text-neutral-500 dark:text-neutral-400">Sign in to save shortcuts. You can ask this prompt now.</p>}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        {user && (
          <button type="button" className="btn-secondary" disabled={!prompt.trim() || !name.trim() || create.isPending} onClick={save}>
            Save shortcut
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={!prompt.trim()}>
          Ask now
        </button>
      </div>
    </form>
  );
}
