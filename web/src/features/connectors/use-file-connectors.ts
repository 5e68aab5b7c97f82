// The file connectors as the Add files menu offers them (seed 001 §2): a connected one opens its
// picker for the repository (SharePoint's site selector first; Box's 'Upload files' and 'Upload
// folders', each after the Box key refresh rule), an unconnected one the enable modal. Connectors
// this server cannot connect are left out of the menu (the connectors page says why).
import { useQueryClient } from '@tanstack/react-query';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { TOAST_DURATION, toast } from '../../platform/toasts';
import { ensureBoxPickerKey } from './box-picker-key';
import type { ConnectorPickerArgs } from './connectors-args';
import { labelOf, useConnectors } from './use-connectors';

export const BOX_MENU = { files: 'Upload files', folders: 'Upload folders' } as const;

/** As the Add files menu takes them (files' MenuConnector); `entries`: a connected connector's own submenu. */
export type FileConnectorEntry = {
  name: string;
  label: string;
  connected: boolean;
  onSelect: () => void;
  entries?: { label: string; onSelect: () => void }[];
};

export function useFileConnectors(repository: ConnectorPickerArgs['repository']): FileConnectorEntry[] | undefined {
  const scope = repository.file_repository_type === 'ORG' ? 'org' : 'user';
  const connectors = useConnectors(scope);
  const client = useQueryClient();
  const { open } = useModals();
  const ownOf = (name: string) => connectors.data?.find((c) => c.name === name)?.picker_credentials ?? undefined;
  const openBox = async (mode: 'files' | 'folders') => {
    try {
      await ensureBoxPickerKey(client, scope === 'org' ? 'ORG' : 'USER');
    } catch (err) {
      toast.error(problemMessage(err, 'Box is not responding. Please try again later.'), { duration: TOAST_DURATION.long });
      return;
    }
    open('connectorPicker', { name: 'box', repository, mode, own: ownOf('box') });
  };
  return connectors.data
    ?.filter((c) => c.kind === 'file' && (c.connected || (c.available && c.manageable)))
    .map((c) => {
      const pick = () =>
        c.name === 'sharepoint' ? open('sharepointSite', { repository }) : open('connectorPicker', { name: c.name, repository, own: ownOf(c.name) });
      return {
        name: c.name,
        label: labelOf(c.name),
        connected: c.connected,
        onSelect: () => (c.connected ? pick() : open('connectorsEnable', { name: c.name, scope })),
        ...(c.connected && c.name === 'box'
          ? {
              entries: [
                { label: BOX_MENU.files, onSelect: () => void openBox('files') },
                { label: BOX_MENU.folders, onSelect: () => void openBox('folders') },
              ],
            }
          : {}),
      };
    });
}
