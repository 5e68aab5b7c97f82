// What the tool servers' use cases need beyond the kernel: the installed servers' processes, the
// sealer of credentials, the guarded fetch for remote servers and where OAuth comes back to.
import { join } from 'node:path';
import type { Config } from '../shared/config.js';
import type { KernelContext } from '../shared/context.js';
import { InstalledServers } from './connections.js';
import { guardedFetch } from './guarded-fetch.js';
import { loadInstalledServers } from './installed.js';
import { createSealer, type Sealer } from './sealing.js';

export type McpPort = {
  installed: InstalledServers;
  sealer: Sealer;
  fetch: typeof fetch;
  allowPrivateHosts: readonly string[];
  /** `<PUBLIC_URL>/rest/mcp/oauth/callback`. */
  callbackUrl: string;
};

export type ToolsContext = KernelContext & { mcp: McpPort };
/** What calling a person's tools needs (the answer engine's workflows have no request). */
export type ToolsDeps = Pick<KernelContext, 'db' | 'store' | 'now'> & { mcp: McpPort };

/** Built once at start: reads MCP_SERVERS_FILE (a bad one stops the start). */
export async function mcpPort(
  config: Pick<Config, 'mcpServersFile' | 'linkFetchAllowPrivateHosts' | 'publicUrl' | 'dataDir'>,
  secret: string | Buffer,
): Promise<McpPort> {
  const installed = await loadInstalledServers(config.mcpServersFile, join(config.dataDir, 'mcp-bundles'));
  return {
    installed: new InstalledServers(installed),
    sealer: createSealer(secret),
    fetch: guardedFetch(config.linkFetchAllowPrivateHosts),
    allowPrivateHosts: config.linkFetchAllowPrivateHosts,
    callbackUrl: `${config.publicUrl}/rest/mcp/oauth/callback`,
  };
}
