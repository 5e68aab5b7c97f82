// The adapter of each file connector (seed 001 §5: the connector types eligible for file sync),
// with what each needs beyond the connection's calls: the content host (Dropbox serves bytes from
// another host than its API), and the connected account's domain (what a Microsoft 'organization'
// sharing link opens an item to).
import type { ProviderCallDeps } from '../provider-call.js';
import type { FamilyEndpoints } from '../providers.js';
import type { ConnectorName } from '../registry.js';
import { boxAdapter } from './box.js';
import { dropboxAdapter } from './dropbox.js';
import { googleDriveAdapter } from './google-drive.js';
import { microsoftGraphAdapter } from './microsoft-graph.js';
import type { FileSourceAdapter } from './types.js';

export type FileAdapterOptions = {
  /** The family's addresses (configuration only). */
  endpoints?: FamilyEndpoints;
  /** The connected account's name as the provider gave it (an address, for Microsoft's accounts). */
  account?: string | null;
};

/** The domain of an address, lower-cased; null when it is not one. */
export function domainOf(account: string | null | undefined): string | null {
  const at = account?.lastIndexOf('@') ?? -1;
  const domain =
    account && at > 0
      ? account
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  return /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain) ? domain : null;
}

const FILE_CONNECTOR_NAMES = ['google_drive', 'onedrive', 'sharepoint', 'dropbox', 'box'] as const;
type Make = (call: ProviderCallDeps, o: FileAdapterOptions) => FileSourceAdapter;

const FILE_ADAPTERS: Record<(typeof FILE_CONNECTOR_NAMES)[number], Make> = {
  google_drive: (call) => googleDriveAdapter(call),
  onedrive: (call, o) => microsoftGraphAdapter(call, { orgDomain: domainOf(o.account) }),
  sharepoint: (call, o) => microsoftGraphAdapter(call, { orgDomain: domainOf(o.account) }),
  dropbox: (call, o) => dropboxAdapter(call, { contentBase: o.endpoints?.content ?? o.endpoints?.api ?? call.apiBase }),
  box: (call) => boxAdapter(call),
};

export function fileAdapterFor(connector: ConnectorName, call: ProviderCallDeps, options: FileAdapterOptions = {}): FileSourceAdapter | null {
  return (FILE_ADAPTERS as Partial<Record<ConnectorName, Make>>)[connector]?.(call, options) ?? null;
}
