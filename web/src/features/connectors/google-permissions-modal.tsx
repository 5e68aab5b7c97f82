// The seed's 'Google calendar and email extra-permission modal' (seed 001 §2): before the browser
// leaves for Google, what Gmail with Calendar will ask (read-only mail and calendar), that both
// boxes on Google's consent screen must stay ticked, and Continue, which starts the connection.
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import type { GooglePermissionsArgs } from './connectors-args';
import { GOOGLE_PERMISSION_NAMES, GOOGLE_PERMISSIONS } from './google-permission-texts';
import { startConnecting } from './use-connectors';

export default function GooglePermissionsModal({ args, close }: ModalProps<GooglePermissionsArgs>) {
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Allow mail and calendar access</ModalTitle>
      <p className="text-sm">Gmail with Calendar answers from your mail and your events. Google will ask you to allow, read-only:</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {(['mail', 'calendar'] as const).map((p) => (
          <li key={p}>
            <span className="font-medium">{GOOGLE_PERMISSION_NAMES[p]}:</span> {GOOGLE_PERMISSIONS[p].consent}
          </li>
        ))}
      </ul>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Leave both boxes ticked on Google's screen. Nothing is sent, changed or deleted in your account.
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={() => void startConnecting('gmail', args.scope ?? 'user')}>
          Continue
        </button>
      </div>
    </div>
  );
}
