// @vitest-environment happy-dom
// The organisation area against the mock (which decides by the server's own rules): the seven
// sections and no fees; an owner invites by email (a malformed address is explained before
// anything is sent), the invitee accepts by the invitation's link, the owner changes their role
// and removes them; permissions save; details are checked in the browser first.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_ORG } from '../../../../mocks/scenarios';
import { getSession } from '../../../../generated/react-query/session/session';
import type { SessionResponse } from '../../../../generated/react-query/model';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';
import { ORG_SECTIONS } from './org-sections';

const mocks = withMockServer('enterprise');

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const events = () => mocks.scenario.state.orgEvents?.[DEMO_ORG.uuid] ?? [];

describe('the organisation area', () => {
  it('shows all seven sections in the seed’s order, and no fees', async () => {
    renderAt('/account/org/details');
    const nav = await screen.findByRole('navigation', { name: 'Organization sections' }, { timeout: 5000 });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(ORG_SECTIONS.map((s) => s.path));
    expect(links.map((l) => l.textContent)).toEqual(['Details', 'Members', 'User access', 'Permissions', 'Insights', 'Connectors', 'Files']);
    expect(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 })).toHaveValue(DEMO_ORG.name);
    expect(document.body.textContent).not.toMatch(/fee|price|\$|€/i);
  });

  it("lists the organisation's connectors, with Connect for an owner or admin", async () => {
    renderAt('/account/org/connectors');
    const drive = await screen.findByRole('listitem', { name: 'Google Drive' }, { timeout: 5000 });
    expect(within(drive).getByText('Not connected')).toBeInTheDocument();
    expect(within(drive).getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('an owner invites, the invitee accepts by the link, the owner changes the role and removes them', async () => {
    const owner = renderAt('/account/org/members');
    const email = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 5000 });
    await owner.user.type(email, 'not an address');
    await owner.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Give a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(events().some((e) => e.type === 'OrgMemberInvited')).toBe(false);

    await owner.user.clear(email);
    await owner.user.type(email, DEMO_ACCOUNT.email);
    await owner.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const pending = await screen.findByRole('list', { name: 'Pending invitations' }, { timeout: 5000 });
    expect(within(pending).getByText(DEMO_ACCOUNT.email)).toBeInTheDocument();
    const invitationId = (events().find((e) => e.type === 'OrgMemberInvited')!.data as { invitation_id: string }).invitation_id;

    // The invitee opens the mailed link.
    owner.router.dispose();
    mocks.scenario.state.signedInId = DEMO_ACCOUNT.id;
    const invitee = renderAt(`/join/org/${DEMO_ORG.uuid}/${invitationId}`);
    await invitee.user.click(await screen.findByRole('button', { name: 'Accept invitation' }, { timeout: 5000 }));
    expect(await screen.findByText(`You joined ${DEMO_ORG.name}`)).toBeInTheDocument();
    expect(mocks.scenario.state.accounts.find((a) => a.user.id === DEMO_ACCOUNT.id)!.user.org_uuid).toBe(DEMO_ORG.uuid);

    // The owner makes them an admin, then removes them.
    invitee.router.dispose();
    mocks.scenario.state.signedInId = 'user-grace';
    const again = renderAt('/account/org/members');
    await again.user.selectOptions(await screen.findByRole('combobox', { name: `Role of ${DEMO_ACCOUNT.name}` }, { timeout: 5000 }), 'admin');
    await waitFor(() => expect(events().at(-1)?.type).toBe('OrgMemberRoleChanged'));
    const row = screen.getByRole('listitem', { name: DEMO_ACCOUNT.name });
    await again.user.click(within(row).getByRole('button', { name: 'Remove' }));
    await again.user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: DEMO_ACCOUNT.name })).not.toBeInTheDocument());
    expect(mocks.scenario.state.accounts.find((a) => a.user.id === DEMO_ACCOUNT.id)!.user.org_uuid).toBeNull();
  });

  it('someone removed while the page was open is told they are in no organisation, not that it does not exist', async () => {
    const signedIn = (await getSession()).data as SessionResponse;
    let sessions = 0;
    mocks.server.use(
      // The session read before the removal names the organisation; the next one does not.
      http.get('*/rest/session', () => HttpResponse.json(sessions++ === 0 ? signedIn : { ...signedIn, user: { ...signedIn.user!, org_uuid: null } })),
      http.get('*/rest/organizations/:orgUuid', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, code: 'organization_not_found', detail: 'No such organisation.' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderAt('/account/org/details');
    expect(await screen.findByText(/You are not part of an organization\./, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sessions).toBe(2);
    expect(screen.queryByText('No such organisation.')).not.toBeInTheDocument();
  });

  it('the last owner is told they cannot leave', async () => {
    const { user } = renderAt('/account/org/members');
    await user.click(await screen.findByRole('button', { name: 'Leave' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The organisation needs at least one owner: make someone else an owner first.')).toBeInTheDocument();
  });

  it('checks the details in the browser before sending them, and saves good ones', async () => {
    const { user } = renderAt('/account/org/details');
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Give the organisation a name.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Navy Research');
    await user.type(screen.getByRole('textbox', { name: 'Email domains' }), 'navy.example');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The details are saved.')).toBeInTheDocument();
    expect(events().at(-1)).toMatchObject({ type: 'OrgDetailsChanged', data: { changes: { name: 'Navy Research', email_domains: ['navy.example'] } } });
  });

  it('sets single sign-on up: a public domain is refused, the TXT record is shown, verified, then the provider saved', async () => {
    const { user } = renderAt('/account/org/details');
    const section = await screen.findByRole('region', { name: 'Single sign-on' }, { timeout: 5000 });
    const domain = within(section).getByRole('textbox', { name: 'Email domain' });
    await user.type(domain, 'not a domain');
    await user.click(within(section).getByRole('button', { name: 'Claim domain' }));
    expect(await within(section).findByText('Give your organisation’s email domain, like example.com.')).toBeInTheDocument();
    await user.clear(domain);
    await user.type(domain, 'gmail.com');
    await user.click(within(section).getByRole('button', { name: 'Claim domain' }));
    expect(await within(section).findByText('gmail.com is a public mail service: single sign-on needs a domain your organisation owns.')).toBeInTheDocument();
    await user.clear(domain);
    await user.type(domain, 'navy.example');
    await user.click(within(section).getByRole('button', { name: 'Claim domain' }));
    expect(await within(section).findByText('_answer-sso.navy.example')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await within(section).findByText('navy.example is verified.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Issuer'), 'https://login.navy.example');
    await user.type(within(section).getByLabelText('Client ID'), 'answer-engine');
    await user.click(within(section).getByRole('button', { name: 'Save and test' }));
    expect(await within(section).findByText('Give the client secret your provider issued.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Client secret'), 's3cret');
    await user.click(within(section).getByRole('button', { name: 'Save and test' }));
    expect(await within(section).findByText('Single sign-on is on: people at navy.example can sign in with SSO.')).toBeInTheDocument();
    expect(events().map((e) => e.type)).toEqual(expect.arrayContaining(['OrgSsoDomainClaimed', 'OrgSsoDomainVerified', 'OrgSsoConfigured']));
    await user.click(within(section).getByRole('button', { name: 'Remove single sign-on' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove single sign-on?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByRole('button', { name: 'Claim domain' })).toBeInTheDocument();
    expect(events().at(-1)?.type).toBe('OrgSsoRemoved');
  });

  it('/auth/sso checks the address, and says when a domain has no single sign-on', async () => {
    const { user } = renderAt('/auth/sso');
    const email = await screen.findByRole('textbox', { name: 'Work email' }, { timeout: 5000 });
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Give your work email address, like name@example.com.')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ada@nobody-set-this-up.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Single sign-on is not set up for this email domain. Sign in another way.')).toBeInTheDocument();
  });

  it('says plainly that a new organisation has no insights yet, over 7, 30 or 90 days, instead of empty charts', async () => {
    const { user } = renderAt('/account/org/insights');
    await screen.findByRole('heading', { name: 'Answers with failed citations' }, { timeout: 5000 });
    expect(screen.getAllByText('No data yet: nothing was counted in the last 30 days.')).toHaveLength(4);
    expect(screen.queryByRole('table', { name: 'Questions per day by day' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getAllByText('No data yet: nothing was counted in the last 7 days.')).toHaveLength(4));
    expect(screen.getByText('No questions were asked in Spaces in this period.')).toBeInTheDocument();
  });

  it('turns public sharing off', async () => {
    const { user } = renderAt('/account/org/permissions');
    const sharing = await screen.findByRole('switch', { name: /Allow public sharing/ }, { timeout: 5000 });
    await user.click(sharing);
    await waitFor(() => expect(events().at(-1)).toMatchObject({ type: 'OrgPermissionsChanged', data: { changes: { public_sharing_allowed: false } } }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Allow public sharing/ })).not.toBeChecked());
  });
});
