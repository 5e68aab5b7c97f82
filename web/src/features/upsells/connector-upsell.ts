// A connector upsell's click (seed 002 §4 "Upsell click handling"). For a calendar connector the
// person's connections of that type are disconnected and a new connection starts, coming back to
// the connectors page, which says how it went. A merge-auth upsell opens the connector's enable
// modal, this server's linking step. Any other type is logged as the seed says, and the person is
// told plainly that this server does not offer it.
import { useQueryClient } from '@tanstack/react-query';
import { disconnectConnector, getListConnectorsQueryKey, listConnectors } from '../../../../generated/react-query/connectors/connectors';
import type { ConnectorList, Upsell } from '../../../../generated/react-query/model';
import { connectorInfo } from '../../../../services/connectors/pure';
import { startConnecting } from '../connectors/use-connectors';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { TOAST_DURATION, toast } from '../../platform/toasts';

/** The connectors that bring a calendar, by the names an upsell catalogue may give them. */
const CALENDAR_CONNECTORS: Record<string, string> = { gmail: 'gmail', google_calendar: 'gmail', outlook: 'outlook', outlook_calendar: 'outlook' };

/** A connector upsell naming a connector this server does not offer. */
export const CONNECTOR_NOT_OFFERED = 'This server does not offer that connector.';

const USER = { file_repository_type: 'USER' as const };

export function useConnectorUpsell() {
  const modals = useModals();
  const client = useQueryClient();

  const reconnectCalendar = async (name: string) => {
    try {
      const list = (await listConnectors(USER)).data as ConnectorList;
      for (const c of list.connectors.filter((c) => c.name === name && c.connected)) await disconnectConnector(c.connection_uuid ?? c.name);
      void client.invalidateQueries({ queryKey: getListConnectorsQueryKey(USER) });
    } catch (err) {
      toast.error(problemMessage(err, 'Failed to disconnect connector'), { duration: TOAST_DURATION.long });
      return;
    }
    await startConnecting(name, 'user');
  };

  return (u: Upsell) => {
    const calendar = u.connector_type ? CALENDAR_CONNECTORS[u.connector_type] : undefined;
    if (u.upsell_type === 'connector' && calendar) return void reconnectCalendar(calendar);
    const info = u.connector_type ? connectorInfo(u.connector_type) : null;
    if (u.upsell_type === 'merge_auth_connector' && info) return void modals.open('connectorsEnable', { name: info.name });
    console.error(`Unhandled upsell connector type: ${u.connector_type ?? 'none'}${u.upsell_type === 'merge_auth_connector' ? ' (merge auth)' : ''}`);
    toast.error(CONNECTOR_NOT_OFFERED, { duration: TOAST_DURATION.long });
  };
}
