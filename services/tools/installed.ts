// Tool servers the administrator installs from the server's configuration (MCP_SERVERS_FILE, a
// JSON file), never a person through the API: stdio commands, and extension bundles (DXT/MCPB,
// an unpacked folder or a packed .mcpb/.dxt file) whose manifest is checked with the official
// library (@anthropic-ai/mcpb) before its command is run. A bad file stops the start with a
// message naming what is wrong.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { getMcpConfigForManifest, vAny } from '@anthropic-ai/mcpb/browser';
import { z } from 'zod';
import { INSTALLED_PREFIX } from './decide.js';

export type InstalledServer = {
  server_id: string;
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Where it came from: a command, or the bundle's manifest name and version. */
  source: string;
};

const NAME = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a name of 1-40 lower-case letters, digits, - or _');
const commandEntry = z.object({
  name: NAME,
  title: z.string().min(1).max(80).optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});
const bundleEntry = z.object({
  name: NAME,
  title: z.string().min(1).max(80).optional(),
  bundle: z.string().min(1),
  user_config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).default({}),
});
const fileSchema = z.object({ servers: z.array(z.union([commandEntry, bundleEntry])).default([]) });

/** Reads the configuration file; `unpackDir` is where packed bundles are unpacked. */
export async function loadInstalledServers(file: string, unpackDir: string): Promise<InstalledServer[]> {
  if (!file) return [];
  const where = resolve(file);
  let parsed: z.infer<typeof fileSchema>;
  try {
    parsed = fileSchema.parse(JSON.parse(readFileSync(where, 'utf8')));
  } catch (err) {
    throw new Error(`MCP_SERVERS_FILE (${where}): ${err instanceof z.ZodError ? z.prettifyError(err) : (err as Error).message}`);
  }
  const names = new Set<string>();
  const out: InstalledServer[] = [];
  for (const entry of parsed.servers) {
    if (names.has(entry.name)) throw new Error(`MCP_SERVERS_FILE: the name "${entry.name}" is used twice`);
    names.add(entry.name);
    const server_id = `${INSTALLED_PREFIX}${entry.name}`;
    if ('command' in entry) {
      out.push({ server_id, name: entry.title ?? entry.name, command: entry.command, args: entry.args, env: entry.env, cwd: entry.cwd, source: entry.command });
      continue;
    }
    out.push({ server_id, ...(await fromBundle(entry, resolve(where, '..', entry.bundle), unpackDir)) });
  }
  return out;
}

async function fromBundle(entry: z.infer<typeof bundleEntry>, path: string, unpackDir: string): Promise<Omit<InstalledServer, 'server_id'>> {
  const fail = (why: string) => new Error(`MCP_SERVERS_FILE: the bundle of "${entry.name}" (${path}) ${why}`);
  if (!existsSync(path)) throw fail('does not exist');
  let dir = path;
  if (!statSync(path).isDirectory()) {
    dir = join(unpackDir, `${entry.name}-${basename(path).replace(/[^A-Za-z0-9._-]/g, '_')}`);
    mkdirSync(dir, { recursive: true });
    // The packing side of the library is loaded only when a packed bundle is installed.
    const { unpackExtension } = await import('@anthropic-ai/mcpb');
    if (!(await unpackExtension({ mcpbPath: path, outputDir: dir, silent: true }))) throw fail('could not be unpacked');
  }
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) throw fail('has no manifest.json');
  const checked = vAny.McpbManifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (!checked.success)
    throw fail(
      `has an invalid manifest: ${checked.error.issues.map((i: { path: (string | number)[]; message: string }) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const manifest = checked.data;
  const config = await getMcpConfigForManifest({ manifest, extensionPath: dir, systemDirs: {}, userConfig: entry.user_config, pathSeparator: sep });
  if (!config) throw fail('needs settings its user_config does not give');
  return {
    name: entry.title ?? manifest.display_name ?? manifest.name,
    command: config.command,
    args: config.args ?? [],
    env: config.env ?? {},
    cwd: dir,
    source: `${manifest.name} ${manifest.version}`,
  };
}
