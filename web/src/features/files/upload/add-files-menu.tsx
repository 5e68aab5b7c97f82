// The Add files menu (seed 001 §2): 'Local files', then each connected connector (Box as a
// submenu of 'Upload files' and 'Upload folders'), then an 'Add connectors' submenu of the
// unconnected ones (not on phones). Without a connector list the menu holds 'Local files' only.
import { ChevronRight, HardDrive, Plus, Plug } from '../../../ui/icons';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useModals } from '../../../platform/modals/context';
import { useMediaQuery } from '../../../platform/use-media-query';
import type { RepositoryRef } from '../file-keys';
import { UPLOAD_TEXT } from './upload-texts';

/** A connector as the menu shows it; `onSelect` opens its picker, or its connection flow when not connected; `entries` make it a submenu. */
export type MenuConnector = { name: string; label: string; connected: boolean; onSelect: () => void; entries?: { label: string; onSelect: () => void }[] };

/** Below this width is a phone, where the 'Add connectors' submenu is left out. */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

const itemClass =
  'flex cursor-default select-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-neutral-100 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-neutral-800';
const contentClass = 'z-50 min-w-48 rounded-xl border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-950';

type Props = {
  repository: RepositoryRef;
  /** 'Local files' opens the upload modal for `repository` unless this replaces it (e.g. to open a picker). */
  onLocalFiles?: () => void;
  connectors?: MenuConnector[];
  label?: string;
  /** The page's main action (My Files) rather than a section's. */
  primary?: boolean;
};

export function AddFilesMenu({ repository, onLocalFiles, connectors, label = 'Add files', primary = false }: Props) {
  const { open } = useModals();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const connected = connectors?.filter((c) => c.connected) ?? [];
  const unconnected = connectors?.filter((c) => !c.connected) ?? [];
  const localFiles = onLocalFiles ?? (() => open(repository.file_repository_type === 'COLLECTION' ? 'spaceUploadFiles' : 'uploadFiles', { repository }));

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={primary ? 'btn-primary' : 'btn-secondary !py-1.5'}>
          <Plus aria-hidden className="size-4" /> {label}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={contentClass}>
          <DropdownMenu.Item className={itemClass} onSelect={localFiles}>
            <HardDrive aria-hidden className="size-4 text-neutral-500" /> {UPLOAD_TEXT.localFiles}
          </DropdownMenu.Item>
          {connected.map((c) =>
            c.entries?.length ? (
              <DropdownMenu.Sub key={c.name}>
                <DropdownMenu.SubTrigger className={itemClass}>
                  <Plug aria-hidden className="size-4 text-neutral-500" /> {c.label}
                  <ChevronRight aria-hidden className="ml-auto size-4 text-neutral-400" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} className={contentClass}>
                    {c.entries.map((e) => (
                      <DropdownMenu.Item key={e.label} className={itemClass} onSelect={e.onSelect}>
                        {e.label}
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            ) : (
              <DropdownMenu.Item key={c.name} className={itemClass} onSelect={c.onSelect}>
                <Plug aria-hidden className="size-4 text-neutral-500" /> {c.label}
              </DropdownMenu.Item>
            ),
          )}
          {wide && unconnected.length > 0 && (
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className={itemClass}>
                <Plus aria-hidden className="size-4 text-neutral-500" /> {UPLOAD_TEXT.addConnectors}
                <ChevronRight aria-hidden className="ml-auto size-4 text-neutral-400" />
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent sideOffset={4} className={contentClass}>
                  {unconnected.map((c) => (
                    <DropdownMenu.Item key={c.name} className={itemClass} onSelect={c.onSelect}>
                      {c.label}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
