// The location permission modal: says what the position is for (places near the person, for this
// tab only), asks the browser for it (navigator.geolocation) when the person agrees, and says
// plainly when the browser refuses or cannot tell.
import { useState } from 'react';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { requestPosition } from './position-store';

export default function LocationPermissionModal({ close }: ModalProps) {
  const [state, setState] = useState<{ asking: boolean; error: string | null }>({ asking: false, error: null });
  const ask = () => {
    setState({ asking: true, error: null });
    requestPosition().then(
      () => close(),
      (err: Error) => setState({ asking: false, error: err.message }),
    );
  };
  return (
    <div className="space-y-4" data-testid="location-permission">
      <ModalTitle>Use your location</ModalTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        To show places near you, your browser can share your position. It is sent only with this search for places near you, and is not kept.
      </p>
      {state.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {state.error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Not now
        </button>
        <button type="button" className="btn-primary" disabled={state.asking} onClick={ask}>
          {state.asking ? 'Asking your browser…' : 'Share my location'}
        </button>
      </div>
    </div>
  );
}
