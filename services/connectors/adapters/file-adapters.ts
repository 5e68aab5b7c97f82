// The adapter of each file connector (seed 001 §5: the connector types eligible for file sync).
import type { ProviderCallDeps } from '../provider-call.js';
import type { ConnectorName } from '../registry.js';
import { googleDriveAdapter } from './google-drive.js';
import type { FileSourceAdapter } from './types.js';

const FILE_ADAPTERS: Partial<Record<ConnectorName, (call: ProviderCallDeps) => FileSourceAdapter>> = {
  google_drive: (call) => googleDriveAdapter(call),
};

export function fileAdapterFor(connector: ConnectorName, call: ProviderCallDeps): FileSourceAdapter | null {
  return FILE_ADAPTERS[connector]?.(call) ?? null;
}
