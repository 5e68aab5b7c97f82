// How the registry describes one modal: its component, loaded when opened, and its frame.
import type { ComponentType } from 'react';
import type { ModalProps } from '../../platform/modals/types';

export type ModalDefinition = {
  /** Loads the component lazily, so modals never weigh on the first page load. */
  load: () => Promise<{ default: ComponentType<ModalProps<never>> }>;
  /** Not offered in the install-sidecar build: opening it there does nothing. */
  hiddenInInstallSidecar?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'upgrade';
  /** 'sheet': a side sheet on the right, a bottom sheet under 640px (e.g. check sources). */
  layout?: 'dialog' | 'sheet';
};
