// The administrator's path against the MCP reference servers over stdio (filesystem, memory,
// everything) and an extension bundle wrapping one: the configuration file read, the bundle's
// manifest checked with @anthropic-ai/mcpb, each server started, listed and called.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callToolOf, InstalledServers, listToolsOf } from './connections.js';
import { loadInstalledServers } from './installed.js';

const ROOT = resolve(import.meta.dirname, '../..');
const server = (name: string) => join(ROOT, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');

let dir: string;
let pool: InstalledServers;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-installed-'));
  writeFileSync(join(dir, 'hello.txt'), 'Hello from the shared folder.');
  const file = join(dir, 'mcp-servers.json');
  writeFileSync(
    file,
    JSON.stringify({
      servers: [
        { name: 'files', title: 'Shared files', command: process.execPath, args: [server('server-filesystem'), dir] },
        { name: 'memory', command: process.execPath, args: [server('server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
        { name: 'everything', command: process.execPath, args: [server('server-everything'), 'stdio'] },
        { name: 'notes', bundle: join(ROOT, 'tests/fixtures/mcp-bundle'), user_config: { memory_file: join(dir, 'notes.jsonl') } },
      ],
    }),
  );
  pool = new InstalledServers(await loadInstalledServers(file, join(dir, 'unpacked')));
}, 30_000);
afterAll(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = (id: string) => pool.client(pool.find(id)!);

describe('installed tool servers', () => {
  test('the file names each server; the bundle runs its manifest’s command in its folder', () => {
    expect(pool.servers.map((s) => [s.server_id, s.name])).toEqual([
      ['installed-files', 'Shared files'],
      ['installed-memory', 'memory'],
      ['installed-everything', 'everything'],
      ['installed-notes', 'Notes (bundle)'],
    ]);
    const notes = pool.find('installed-notes')!;
    expect(notes).toMatchObject({ command: 'node', source: 'notes-bundle 1.0.0', env: { MEMORY_FILE_PATH: join(dir, 'notes.jsonl') } });
    expect(notes.args[0]).toBe(join(ROOT, 'tests/fixtures/mcp-bundle/server.mjs'));
  });

  test('filesystem: lists its tools and reads a file of the allowed folder', async () => {
    const files = await client('installed-files');
    expect((await listToolsOf(files)).map((t) => t.name)).toContain('read_text_file');
    const read = await callToolOf(files, 'read_text_file', { path: join(dir, 'hello.txt') });
    expect(read).toEqual({ text: 'Hello from the shared folder.', is_error: false });
    const outside = await callToolOf(files, 'read_text_file', { path: '/etc/hostname' });
    expect(outside.is_error).toBe(true);
  }, 30_000);

  test('memory: an entity created is in the graph read back, through the same process', async () => {
    const memory = await client('installed-memory');
    await callToolOf(memory, 'create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['writes programs'] }] });
    expect((await callToolOf(memory, 'read_graph', {})).text).toContain('writes programs');
  }, 30_000);

  test('everything: echo answers; the bundle’s memory server works as the plain one', async () => {
    const everything = await client('installed-everything');
    expect((await callToolOf(everything, 'echo', { message: 'hi' })).text).toContain('hi');
    const notes = await client('installed-notes');
    expect((await listToolsOf(notes)).map((t) => t.name)).toContain('read_graph');
  }, 30_000);

  test('a bad file stops the start with a message naming what is wrong', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ servers: [{ name: 'Bad Name', command: 'x' }] }));
    await expect(loadInstalledServers(bad, dir)).rejects.toThrow(/MCP_SERVERS_FILE/);
    writeFileSync(bad, JSON.stringify({ servers: [{ name: 'nomanifest', bundle: dir }] }));
    await expect(loadInstalledServers(bad, dir)).rejects.toThrow(/has no manifest.json/);
    const broken = join(dir, 'broken');
    (await import('node:fs')).mkdirSync(broken);
    writeFileSync(join(broken, 'manifest.json'), JSON.stringify({ name: 'x' }));
    writeFileSync(bad, JSON.stringify({ servers: [{ name: 'broken', bundle: broken }] }));
    await expect(loadInstalledServers(bad, dir)).rejects.toThrow(/invalid manifest/);
  });
});
