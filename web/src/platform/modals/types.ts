// What a modal component receives from the host.
/**
 * `close` closes the modal at once. `guardClose` lets the body be asked first when the person
 * dismisses it (Escape, the Close button, an outside click): the guard returns false to keep
 * the modal open, e.g. to ask "Discard any unsaved changes?"; null removes it.
 */
export type ModalProps<A = Record<string, never>> = { args: A; close: () => void; guardClose: (guard: (() => boolean) | null) => void };
