// @vitest-environment happy-dom
// The 'MCP service tools' modal saves each change at once; a change made while a save is under
// way is sent after it, so the last choice is the one the server keeps.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { firstRequestHeld } from '../../testing/first-request-held';
import { withMockServer } from '../../testing/mock-server';
import { openModal } from '../../testing/open-modal-test-kit';

const mocks = withMockServer('signed-in');

describe('the tools of a tool server', () => {
  it('a change made while a save is under way is saved after it', async () => {
    const saved = { enabled: true, approval: 'ask' as 'ask' | 'always' };
    const held = firstRequestHeld();
    const sent: (typeof saved)[] = [];
    mocks.server.use(
      http.get('*/rest/mcp/servers/:serverId/tools', () =>
        HttpResponse.json({ tools: [{ name: 'search', title: 'Search', description: 'Searches the notes.', ...saved, input_schema: {} }] }),
      ),
      http.put('*/rest/mcp/servers/:serverId/tools/:toolName', async ({ request }) => {
        const body = (await request.json()) as typeof saved;
        sent.push(body);
        await held.pass();
        Object.assign(saved, body);
        return HttpResponse.json({ server_id: 's1', tool_name: 'search', ...body });
      }),
    );
    const { user, dialog } = await openModal('mcpServiceTools', 'Notes: tools', { server_id: 's1', name: 'Notes' });
    const enabled = await within(dialog).findByRole('checkbox', { name: 'Search' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Run without asking me' }));
    await user.click(enabled);
    expect(enabled).not.toBeChecked();
    await held.release();
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect(saved).toEqual({ enabled: false, approval: 'always' }));
    expect(sent).toEqual([
      { enabled: true, approval: 'always' },
      { enabled: false, approval: 'always' },
    ]);
    expect(enabled).not.toBeChecked();
  });
});
