// Tool servers in the browser (seed 003 §7): on /account/assistant a person adds a remote MCP
// server in the 'MCP server' modal, chooses its tools in the 'MCP service tools' modal, and edits
// it again; the server is a Streamable HTTP one started here on 127.0.0.1.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpFake, startMcpFake } from '../fakes/mcp-server';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let mcp: McpFake;
beforeAll(async () => {
  mcp = await startMcpFake();
  e2e = await startE2E({ env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: mcp.hostPort } });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await mcp?.close();
});

describe('MCP servers on /account/assistant', () => {
  it('adds a server, enables one of its tools, and renames it', async () => {
    await page.goto('/');
    await signUpThroughApi(page, { name: 'Tia Tools', email: `tia-${Date.now()}@example.com` });
    await page.goto('/account/assistant');
    await page.getByText('No tool servers yet.').waitFor();
    await page.getByRole('button', { name: 'Add an MCP server' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Fake tools');
    await dialog.getByLabel('Server URL').fill(mcp.url);
    await dialog.getByRole('button', { name: 'Add' }).click();

    // The tools modal follows, with the server's tools asked of it now.
    await dialog.getByRole('heading', { name: 'Fake tools: tools' }).waitFor();
    const echo = dialog.getByRole('checkbox', { name: 'echo' });
    expect(await echo.isChecked()).toBe(false);
    await echo.check();
    await expect.poll(() => echo.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const enabled = await page.evaluate(async () => {
      const { servers } = await (await fetch('/rest/mcp/servers')).json();
      const { tools } = await (await fetch(`/rest/mcp/servers/${servers[0].server_id}/tools`)).json();
      return tools.filter((t: { enabled: boolean }) => t.enabled).map((t: { name: string }) => t.name);
    });
    expect(enabled).toEqual(['echo']);

    const row = page.getByRole('listitem').filter({ hasText: 'Fake tools' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Name').fill('My tools');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('heading', { name: 'My tools: tools' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('listitem').filter({ hasText: 'My tools' }).waitFor();
  });
});
