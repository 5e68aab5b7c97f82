// The seed's 'Gmail failed permissions' modal (seed 001 §2): Gmail with Calendar came back from
// Google without the mail or the calendar permission (the connection's `missing_permissions`),
// what that takes away, and Reconnect, which asks Google again.
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import type { GooglePermissionsArgs } from './connectors-args';
import { GOOGLE_PERMISSION_NAMES, GOOGLE_PERMISSIONS } from './google-permission-texts';
import { startConnecting } from './use-connectors';

export default function GmailFailedPermissionsModal({ args, close }: ModalProps<GooglePermissionsArgs>) {
  const missing = args.missing?.length ? args.missing : (['mail', 'calendar'] as const);
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Permissions missing</ModalTitle>
      <p className="text-sm">Google did not allow Gmail with Calendar everything it needs:</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {missing.map((p) => (
          <li key={p}>
            <span className="font-medium">{GOOGLE_PERMISSION_NAMES[p]}</span>: without it, {GOOGLE_PERMISSIONS[p].loses}.
          </li>
        ))}
      </ul>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Reconnect and leave every box ticked on Google's screen.</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Not now
        </button>
        <button type="button" className="btn-primary" onClick={() => void startConnecting('gmail', args.scope ?? 'user')}>
          Reconnect
        </button>
      </div>
    </div>
  );
}
