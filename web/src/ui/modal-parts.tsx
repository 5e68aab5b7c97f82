// Shared pieces of a modal's body; the title is the dialog's accessible name.
import * as Dialog from 'radix-ui/dialog';
import type { ReactNode } from 'react';

export function ModalTitle({ children }: { children: ReactNode }) {
  return <Dialog.Title className="pr-8 text-lg font-semibold tracking-tight">{children}</Dialog.Title>;
}
