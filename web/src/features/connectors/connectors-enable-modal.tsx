// The connector enable modal (seed 000 §2, seed 001 §2): what connecting brings (enterprise
// bullets for people in an organisation, consumer bullets for everyone else), its links and
// footnote, a vendor's notice where a third party processes the data, and Connect, which sends
// the browser to the provider (for Gmail with Calendar, through the extra-permission modal first).
// A connector this server cannot connect says why and offers no button.
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { connectorInfo } from '../../../../services/connectors/pure';
import { ConnectorBadge } from './connector-badge';
import type { ConnectorsEnableArgs } from './connectors-args';
import { startConnecting, useConnectors } from './use-connectors';

export default function ConnectorsEnableModal({ args, close }: ModalProps<ConnectorsEnableArgs>) {
  const scope = args.scope ?? 'user';
  const info = connectorInfo(args.name);
  const { user } = useSession();
  const connectors = useConnectors(scope);
  const modals = useModals();
  if (!info) {
    return (
      <div className="flex flex-col gap-4">
        <ModalTitle>Connect</ModalTitle>
        <p role="alert">An error has occurred</p>
      </div>
    );
  }
  const state = connectors.data?.find((c) => c.name === info.name);
  const bullets = user?.org_uuid ? info.enterpriseBullets : info.consumerBullets;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <ConnectorBadge name={info.name} label={info.label} />
        <ModalTitle>Connect {info.label}</ModalTitle>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {bullets.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      {info.vendor ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {info.label} is connected through {info.vendor}, which processes its data for this server as a sub-processor.
        </p>
      ) : null}
      <p className="flex flex-wrap gap-3 text-sm">
        {info.links.map((l) => (
          <a key={l.url} href={l.url} target="_blank" rel="noreferrer" className="underline">
            {l.label}
          </a>
        ))}
      </p>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">{info.footnote}</p>
      {state && !state.available ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {state.unavailable_reason}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        {state?.available && state.manageable ? (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              // Gmail with Calendar first says what Google will ask (seed 001 §2's extra-permission modal).
              if (info.name !== 'gmail') return void startConnecting(info.name, scope);
              close();
              modals.open('googleExtraPermissions', { scope });
            }}
          >
            Connect
          </button>
        ) : null}
      </div>
    </div>
  );
}
