// @vitest-environment happy-dom
// Organisation files against the mock: non-Enterprise users get a plain explanation; Enterprise
// members see the organisation's files; "Allow downloads" follows the settings, admins change
// it, and a member who is not an admin gets the server's refusal with the switch put back.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { DEMO_ORG } from '../../../../mocks/scenarios';
import { renderFiles } from './files-test-kit';
import { NOT_ENTERPRISE_TEXT } from './org-files-page';

const mocks = withMockServer('enterprise');

describe('organization files', () => {
  it('explains plainly to users outside an Enterprise organization', async () => {
    mocks.reset('signed-in');
    renderFiles('/account/org/files');
    expect(await screen.findByText(NOT_ENTERPRISE_TEXT, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add files' })).not.toBeInTheDocument();
  });

  it('lists the organization’s files for its members', async () => {
    renderFiles('/account/org/files');
    const completed = await screen.findByRole('region', { name: /Completed/ }, { timeout: 5000 });
    expect(within(completed).getByText('Security handbook.pdf')).toBeInTheDocument();
    expect(within(completed).getByText('Onboarding checklist.md')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('file-summary').textContent).toBe('2 files'));
  });

  it('lets an admin turn downloads off', async () => {
    const { user } = renderFiles('/account/org/files');
    const toggle = await screen.findByRole('switch', { name: /Allow downloads/ }, { timeout: 5000 });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(mocks.scenario.state.orgs!.find((o) => o.uuid === DEMO_ORG.uuid)!.downloads_disabled).toBe(true));
    expect((screen.getByRole('switch', { name: /Allow downloads/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('puts the switch back and says why for a member who is not an admin', async () => {
    mocks.scenario.state.orgs![0]!.admins = [];
    const { user } = renderFiles('/account/org/files');
    const toggle = await screen.findByRole('switch', { name: /Allow downloads/ }, { timeout: 5000 });
    await user.click(toggle);
    expect(await screen.findByText('Only the owners and admins of the organisation can change this.', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect((screen.getByRole('switch', { name: /Allow downloads/ }) as HTMLInputElement).checked).toBe(true));
    expect(mocks.scenario.state.orgs![0]!.downloads_disabled).toBe(false);
  });
});
