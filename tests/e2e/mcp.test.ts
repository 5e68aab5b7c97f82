// Tool servers in the browser (seed 003 §7): on /account/assistant a person adds a remote MCP
// server in the 'MCP server' modal, chooses its tools in the 'MCP service tools' modal, and edits
// it again; the server is a Streamable HTTP one started here on 127.0.0.1.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpFake, startMcpFake } from '../fakes/mcp-server';
import { startLlmFake } from '../fakes/llm';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let mcp: McpFake;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
beforeAll(async () => {
  mcp = await startMcpFake();
  // The model calls the echo tool once, then writes its answer.
  llm = await startLlmFake({
    chunks: ['The tool ', 'said hello.'],
    answerTools: (req) => {
      const echo = req.tools?.find((t) => t.function.name.endsWith('_echo'))?.function.name;
      return echo && !req.messages.some((m) => m.role === 'tool') ? [{ name: echo, arguments: { text: 'hello from the page' } }] : [];
    },
  });
  e2e = await startE2E({ env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: mcp.hostPort, LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' } });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await mcp?.close();
  await llm?.close();
});

describe('MCP servers on /account/assistant, and their tools in answers', () => {
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

  it('an answer’s tool call waits for Approve, then shows its arguments and result', async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').fill('Please greet me');
    await page.keyboard.press('Enter');
    const card = page.getByTestId('tool-call');
    await card.getByText('Waiting for your approval').waitFor({ timeout: 20_000 });
    await card.getByText('"text": "hello from the page"').waitFor();
    expect(mcp.calls.filter((c) => (c.args as { text: string }).text === 'hello from the page')).toHaveLength(0);
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByText('echo: hello from the page').waitFor({ timeout: 20_000 });
    await page.getByText('The tool said hello.').waitFor({ timeout: 20_000 });
    expect(mcp.calls.filter((c) => (c.args as { text: string }).text === 'hello from the page')).toHaveLength(1);
  });
});
