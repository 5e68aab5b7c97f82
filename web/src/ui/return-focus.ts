// Focus back where it was once a dialog closes. Radix returns focus only to a Dialog.Trigger;
// the modal host's modals and the confirmations are opened from code and have none, so without
// this focus fell to the page's body. The opener is read while rendering the dialog open, before
// anything inside it (Radix, an autofocused field) takes focus.
import { useCallback, useRef } from 'react';

export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  /** For the dialog content's onCloseAutoFocus. */
  return useCallback((e: Event) => {
    e.preventDefault();
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
  }, []);
}
