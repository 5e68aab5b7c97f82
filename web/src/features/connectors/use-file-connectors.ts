// The file connectors as the Add files menu offers them (seed 001 §2): a connected one opens its
// picker for the repository, an unconnected one the enable modal. Connectors this server cannot
// connect are left out of the menu (the connectors page says why).
import { useModals } from '../../platform/modals/context';
import type { ConnectorPickerArgs } from './connectors-args';
import { labelOf, useConnectors } from './use-connectors';

/** As the Add files menu takes them (files' MenuConnector). */
export type FileConnectorEntry = { name: string; label: string; connected: boolean; onSelect: () => void };

export function useFileConnectors(repository: ConnectorPickerArgs['repository']): FileConnectorEntry[] | undefined {
  const scope = repository.file_repository_type === 'ORG' ? 'org' : 'user';
  const connectors = useConnectors(scope);
  const { open } = useModals();
  return connectors.data
    ?.filter((c) => c.kind === 'file' && (c.connected || (c.available && c.manageable)))
    .map((c) => ({
      name: c.name,
      label: labelOf(c.name),
      connected: c.connected,
      onSelect: () => (c.connected ? open('connectorPicker', { name: c.name, repository }) : open('connectorsEnable', { name: c.name, scope })),
    }));
}
