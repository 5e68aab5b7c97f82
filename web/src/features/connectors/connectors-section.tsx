// The connectors of /account/connectors and /account/org/connectors: file sources and apps, each
// with its state (connected as whom, not connected, or why it cannot be connected here), Connect
// (through the enable modal) and Disconnect. Coming back from a provider, the page says how it went:
// connected, or the seed's 'Unable to start connection.'; a cancel says nothing (seed 000 §8). Gmail
// with Calendar back without mail or calendar opens the failed-permissions modal (seed 001 §2).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Connector } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { TOAST_DURATION, toast } from '../../platform/toasts';
import { ConnectorBadge } from './connector-badge';
import { type ConnectorScope, labelOf, useConnectors, useDisconnect } from './use-connectors';

/** Coming back from the provider: the outcome said, and the connector that came back connected (to check what it was granted). */
function useOutcomeToast() {
  const [params, setParams] = useSearchParams();
  const [returned, setReturned] = useState<string | null>(null);
  const connected = params.get('connected');
  const failed = params.get('connection_error');
  const cancelled = params.get('connection_cancelled');
  useEffect(() => {
    if (!connected && !failed && !cancelled) return;
    if (connected) {
      toast.success(`${labelOf(connected)} connected`, { duration: TOAST_DURATION.normal });
      setReturned(connected);
    }
    if (failed) toast.error('Unable to start connection.', { duration: TOAST_DURATION.long });
    const next = new URLSearchParams(params);
    for (const k of ['connected', 'connection_error', 'connection_cancelled']) next.delete(k);
    setParams(next, { replace: true });
  }, [connected, failed, cancelled, params, setParams]);
  return returned;
}

/** Gmail with Calendar back without mail or calendar: the seed's failed-permissions modal, once. */
function useFailedPermissions(returned: string | null, connectors: Connector[] | undefined, scope: ConnectorScope) {
  const modals = useModals();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const back = connectors?.find((c) => c.name === returned && c.connected);
    if (!back?.missing_permissions.length || shown === returned) return;
    setShown(returned);
    modals.open('gmailFailedPermissions', { scope, missing: back.missing_permissions });
  }, [returned, connectors, shown, modals, scope]);
}

export function ConnectorsSection({ scope }: { scope: ConnectorScope }) {
  const returned = useOutcomeToast();
  const connectors = useConnectors(scope);
  useFailedPermissions(returned, connectors.data, scope);
  if (connectors.isError) return <p role="alert">{problemMessage(connectors.error)}</p>;
  if (!connectors.data) return <p className="text-neutral-500">Loading…</p>;
  const files = connectors.data.filter((c) => c.kind === 'file');
  const apps = connectors.data.filter((c) => c.kind === 'app');
  return (
    <div className="space-y-8">
      <ConnectorGroup title="Files" description="Sync files and folders from a cloud drive into your files." connectors={files} scope={scope} />
      <ConnectorGroup title="Apps" description="Let answers read your pages, issues, messages and mail." connectors={apps} scope={scope} />
    </div>
  );
}

function ConnectorGroup({ title, description, connectors, scope }: { title: string; description: string; connectors: Connector[]; scope: ConnectorScope }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
      <ul className="divide-y rounded-xl border dark:divide-neutral-800 dark:border-neutral-800">
        {connectors.map((c) => (
          <ConnectorRow key={c.name} connector={c} scope={scope} />
        ))}
      </ul>
    </section>
  );
}

function ConnectorRow({ connector: c, scope }: { connector: Connector; scope: ConnectorScope }) {
  const modals = useModals();
  const disconnect = useDisconnect(scope);
  const label = labelOf(c.name);
  const missing = c.connected ? c.missing_permissions : [];
  const status = c.connected
    ? `Connected as ${c.connection_display_name}${missing.length ? ` · ${missing.length === 2 ? 'Mail and calendar' : missing[0] === 'mail' ? 'Mail' : 'Calendar'} not allowed` : ''}`
    : c.available
      ? 'Not connected'
      : c.unavailable_reason;
  return (
    <li className="flex items-center gap-3 p-3" aria-label={label}>
      <ConnectorBadge name={c.name} label={label} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {label}
          {c.enterprise_only ? <span className="ml-2 rounded bg-neutral-100 px-1.5 py-0.5 text-xs dark:bg-neutral-800">Enterprise</span> : null}
        </p>
        <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{status}</p>
      </div>
      {c.manageable && missing.length ? (
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={() => modals.open('gmailFailedPermissions', { scope, missing })}>
          Fix permissions
        </button>
      ) : null}
      {!c.manageable ? null : c.connected ? (
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={() => void disconnect(c)}>
          Disconnect
        </button>
      ) : (
        <button
          type="button"
          className="rounded-lg border px-3 py-1.5 text-sm disabled:opacity-50"
          disabled={!c.available}
          onClick={() => modals.open('connectorsEnable', { name: c.name, scope })}
        >
          Connect
        </button>
      )}
    </li>
  );
}
