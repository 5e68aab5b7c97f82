// @vitest-environment happy-dom
// The person's settings pages through the app's routes against the mock API (the server's rules):
// preferences saved and applied at once, "about me" checked before it is sent, site instructions
// added, refused, edited and removed, and the perks of a free person.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAccountPreferences } from '../../../../generated/react-query/account-settings/account-settings';
import { getMemorySettings } from '../../../../generated/react-query/memories/memories';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { getSettings, reloadSettings } from '../../platform/settings/store';
import { firstRequestHeld } from '../../testing/first-request-held';
import { withMockServer } from '../../testing/mock-server';

const mocks = withMockServer('signed-in');
beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});

function at(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe('account settings pages', () => {
  it('preferences: a change is applied here at once and saved with the account', async () => {
    at('/account/preferences');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Dark' }, { timeout: 5000 }));
    expect(getSettings().colourScheme).toBe('dark');
    await user.selectOptions(screen.getByLabelText('Answer language'), 'French');
    // The mock server has no web search: Web is shown disabled, with the reason.
    expect(screen.getByRole('radio', { name: /^Web/ })).toBeDisabled();
    expect(screen.getByText('Web search is off on this server.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Help/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Incognito by default' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(getSettings()).toMatchObject({ colourScheme: 'dark', preferredSearchMode: 'help', incognito: true });
    expect(screen.getByLabelText('Answer language')).toHaveValue('fr');
  });

  it('preferences: a change made while a save is under way is saved after it, so the last choice is the one kept', async () => {
    // Each save sends all four preferences: were the second sent beside the first, the first
    // could land last and put the mode back to auto.
    const held = firstRequestHeld();
    const sent: string[] = [];
    mocks.server.use(
      http.put('*/rest/account/preferences', async ({ request }) => {
        const body = (await request.clone().json()) as { default_search_mode: string };
        sent.push(body.default_search_mode);
        await held.pass();
        // Nothing returned: the scenario's own handler saves it.
      }),
    );
    at('/account/preferences');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Dark' }, { timeout: 5000 }));
    await user.click(screen.getByRole('radio', { name: /^Help/ }));
    expect(screen.getByRole('radio', { name: /^Help/ })).toBeChecked();
    await held.release();
    await waitFor(() => expect(sent).toEqual(['auto', 'help']));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect((await getAccountPreferences()).data).toMatchObject({ theme: 'dark', default_search_mode: 'help' });
    expect(screen.getByRole('radio', { name: /^Help/ })).toBeChecked();
    expect(getSettings()).toMatchObject({ colourScheme: 'dark', preferredSearchMode: 'help' });
  });

  it('personalize: too long an "about me" is stopped with the limit before anything is sent; a good one is saved', async () => {
    at('/account/personalize');
    const user = userEvent.setup();
    const about = await screen.findByLabelText('About me', {}, { timeout: 5000 });
    await user.click(about);
    await user.paste('x'.repeat(1501));
    expect(screen.getByText('Keep “about me” to 1,500 characters or fewer (1,501 now).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(about);
    await user.paste('I teach physics.');
    await user.click(screen.getByRole('radio', { name: /^Concise/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // The memories switch saves on its own: on by default, off once clicked (the mock keeps the server's rules).
    const memories = await screen.findByRole('switch', { name: /^Memories/ });
    await waitFor(() => expect(memories).toBeChecked());
    await user.click(memories);
    await waitFor(() => expect(memories).not.toBeChecked());
  });

  it('personalize: the memories switch turned off and on again while the first save is under way ends on', async () => {
    const held = firstRequestHeld();
    const sent: boolean[] = [];
    mocks.server.use(
      http.put('*/rest/memories/settings', async ({ request }) => {
        sent.push(((await request.clone().json()) as { enabled: boolean }).enabled);
        await held.pass();
        // Nothing returned: the scenario's own handler saves it.
      }),
    );
    at('/account/personalize');
    const user = userEvent.setup();
    const memories = await screen.findByRole('switch', { name: /^Memories/ }, { timeout: 5000 });
    await waitFor(() => expect(memories).toBeChecked());
    await user.click(memories);
    await user.click(memories);
    await held.release();
    await waitFor(() => expect(sent).toEqual([false, true]));
    await waitFor(async () => expect((await getMemorySettings()).data).toEqual({ enabled: true }));
    await waitFor(() => expect(memories).toBeChecked());
  });

  it('site instructions: add under the normalised domain, a second time refused in the server’s words, edit, remove', async () => {
    at('/account/site-instructions');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add site instructions' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Give a site’s domain, such as example.com.')).toBeInTheDocument();
    expect(within(form).getByText('Write the instructions: they cannot be blank.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Site'), 'https://www.Example.com/docs');
    expect(within(form).getByText('Kept as example.com')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Instructions'), 'Prefer the docs.');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    const list = await screen.findByRole('list', { name: 'Sites with instructions' });
    expect(within(list).getByRole('heading', { name: 'example.com' })).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Site'), 'EXAMPLE.com');
    await user.type(within(form).getByLabelText('Instructions'), 'Again.');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This site has instructions already: edit them instead.');

    await user.click(within(list).getByRole('button', { name: 'Edit instructions for example.com' }));
    const edit = within(list).getByRole('form', { name: 'Edit instructions for example.com' });
    await user.clear(within(edit).getByLabelText('Instructions'));
    await user.type(within(edit).getByLabelText('Instructions'), 'Only the docs.');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Only the docs.')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Remove instructions for example.com' }));
    expect(await screen.findByText('No site has instructions yet.')).toBeInTheDocument();
  });

  it('pro perks: a free person sees their plan and what Pro would give', async () => {
    at('/account/pro-perks');
    expect(await screen.findByRole('heading', { name: 'Your plan: Free' }, { timeout: 5000 })).toBeInTheDocument();
    const pro = screen.getByRole('region', { name: 'What Pro gives' });
    expect(within(pro).getByText(/Index up to 20 files in each file collection/)).toBeInTheDocument();
  });

  it('/settings, signed in: the colour scheme chosen there is kept with the account too', async () => {
    at('/settings');
    await screen.findByRole('heading', { name: 'Settings' }, { timeout: 5000 });
    // The account's preferences are in once the row says the scheme is for every device.
    await screen.findByText('How the app looks, on every device you sign in on.');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(async () => expect((await getAccountPreferences()).data).toMatchObject({ theme: 'dark' }));
  });

  it('assistant: with one model configured, it says which and that there is nothing to choose', async () => {
    at('/account/assistant');
    expect(await screen.findByText('Offline extractive model', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
