// The modal host's API (open, close, the stack), for any component under the shell's <ModalProvider>.
import { createContext, useContext } from 'react';
import type { ModalArgs, ModalName } from './catalogue';

export type ModalEntry = { id: number; name: ModalName; args: unknown };

/** Arguments are optional for modals whose arguments are all optional. */
export type OpenArgs<N extends ModalName> = Record<string, never> extends ModalArgs<N> ? [args?: ModalArgs<N>] : [args: ModalArgs<N>];

export type ModalApi = {
  stack: readonly ModalEntry[];
  /** Opens a modal above the others; returns its id, or null when this build does not offer it. */
  open: <N extends ModalName>(name: N, ...args: OpenArgs<N>) => number | null;
  close: (id: number) => void;
};

export const ModalContext = createContext<ModalApi | null>(null);

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals needs a <ModalProvider>');
  return api;
}
