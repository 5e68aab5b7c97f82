// The connector calls as the pages and the enable modal use them: the list (yours, or your
// organisation's), starting a connection (the browser goes to the provider), and disconnecting,
// applied at once and then refetched (seed 001 §4).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  disconnectConnector,
  getListConnectorsQueryKey,
  startConnectorConnection,
  useListConnectors,
} from '../../../../generated/react-query/connectors/connectors';
import type { Connector, ConnectorList } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { TOAST_DURATION, toast } from '../../platform/toasts';
import { connectorInfo } from '../../../../services/connectors/pure';
import { MICROSOFT_TEXT, MicrosoftTokenError, throughLogin } from './microsoft-login';

export type ConnectorScope = 'user' | 'org';
const repo = (scope: ConnectorScope) => ({ file_repository_type: scope === 'org' ? ('ORG' as const) : ('USER' as const) });
const keyOf = (scope: ConnectorScope) => getListConnectorsQueryKey(repo(scope));

export function useConnectors(scope: ConnectorScope) {
  const { user } = useSession();
  return useListConnectors(repo(scope), { query: { enabled: !!user, select: (r) => (r.data as ConnectorList).connectors } });
}

export const labelOf = (name: string) => connectorInfo(name)?.label ?? name;

/** Leaving for the provider (a whole-page navigation); an object so a test can watch it. */
export const leavePage = { to: (url: string) => window.location.assign(url) };

/** Where the browser comes back to after the provider: this page. */
const here = (scope: ConnectorScope) => (scope === 'org' ? '/account/org/connectors' : '/account/connectors');

/** Starts a connection and sends the browser to the provider; a failure says so in the seed's words. */
export async function startConnecting(name: string, scope: ConnectorScope, returnPath = here(scope)) {
  try {
    // A Microsoft connection is a Microsoft login: one at a time.
    const r = await throughLogin(name, () => startConnectorConnection(name, { ...repo(scope), redirect_path: returnPath, referrer: 'connectors' }));
    const url = (r.data as { redirect_url?: string }).redirect_url;
    if (!url) {
      toast.error('Failed to initiate OAuth flow', { duration: TOAST_DURATION.long });
      return;
    }
    leavePage.to(url);
  } catch (err) {
    const timedOut = err instanceof MicrosoftTokenError && err.message === MICROSOFT_TEXT.timedOut;
    const reason = err instanceof MicrosoftTokenError ? err.cause : err;
    toast.error(timedOut ? MICROSOFT_TEXT.timedOut : problemMessage(reason, 'Unable to start connection.'), { duration: TOAST_DURATION.long });
  }
}

function setConnected(client: QueryClient, scope: ConnectorScope, name: string, connected: boolean) {
  client.setQueryData(keyOf(scope), (old: { data: ConnectorList } | undefined) =>
    old ? { ...old, data: { connectors: old.data.connectors.map((c: Connector) => (c.name === name ? { ...c, connected } : c)) } } : old,
  );
}

export function useDisconnect(scope: ConnectorScope) {
  const client = useQueryClient();
  return async (connector: Connector) => {
    setConnected(client, scope, connector.name, false);
    try {
      await disconnectConnector(connector.connection_uuid ?? connector.name);
      toast.success(`${labelOf(connector.name)} disconnected`, { duration: TOAST_DURATION.normal });
    } catch (err) {
      setConnected(client, scope, connector.name, true);
      toast.error(problemMessage(err, 'Failed to disconnect connector'), { duration: TOAST_DURATION.long });
    } finally {
      void client.invalidateQueries({ queryKey: keyOf(scope) });
    }
  };
}
