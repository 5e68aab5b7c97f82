// Asks before a dirty form is dismissed: while `guarded`, Escape, the Close button and an outside
// click call `onAttempt` (e.g. to ask "Discard any unsaved changes?") instead of closing.
import { useEffect, useRef } from 'react';
import type { ModalProps } from '../../platform/modals/types';

export function useCloseGuard(guardClose: ModalProps['guardClose'], guarded: boolean, onAttempt: () => void) {
  const attempt = useRef(onAttempt);
  attempt.current = onAttempt;
  useEffect(() => {
    if (!guarded) return;
    guardClose(() => {
      attempt.current();
      return false;
    });
    return () => guardClose(null);
  }, [guardClose, guarded]);
}
