// What a modal component receives and how the registry describes one.
import type { ComponentType } from 'react';

/**
 * `close` closes the modal at once. `guardClose` lets the body be asked first when the person
 * dismisses it (Escape, the Close button, an outside click): the guard returns false to keep
 * the modal open, e.g. to ask "Discard any unsaved changes?"; null removes it.
 */
export type ModalProps<A = Record<string, never>> = { args: A; close: () => void; guardClose: (guard: (() => boolean) | null) => void };

export type ModalDefinition = {
  /** Loads the component lazily, so modals never weigh on the first page load. */
  load: () => Promise<{ default: ComponentType<ModalProps<never>> }>;
  /** Not offered in the install-sidecar build: opening it there does nothing. */
  hiddenInInstallSidecar?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'upgrade';
  /** 'sheet': a side sheet on the right, a bottom sheet under 640px (e.g. check sources). */
  layout?: 'dialog' | 'sheet';
};
