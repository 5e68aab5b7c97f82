// @vitest-environment happy-dom
// An agent task in the app against the mock API (the server's rules): its steps and the action
// waiting for the person; confirming it lets the task go on; pause, resume and stop.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MOCK_AGENT_TASK } from '../../../../mocks/agent';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

withMockServer('signed-in');

function at(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('agent task', () => {
  it('shows the steps and the action waiting; confirmed, the task goes on; paused, resumed, stopped', async () => {
    const user = at(`/agent/${MOCK_AGENT_TASK}`);
    const prompt = await screen.findByRole('group', { name: 'Confirm the next action' }, { timeout: 5000 });
    expect(within(prompt).getByText('Click button "Pay now"')).toBeInTheDocument();
    expect(within(prompt).getByText('This would spend money.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('ReadPage')).toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Confirm the next action' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('a step that kept a screenshot shows it, opening the full image; the image is the task owner’s', async () => {
    at(`/agent/${MOCK_AGENT_TASK}`);
    const steps = await screen.findByRole('list', { name: 'Steps' }, { timeout: 5000 });
    const image = await within(steps).findByRole('img', { name: 'What the agent saw at step 2' });
    const url = `/rest/agent/tasks/${MOCK_AGENT_TASK}/screenshots/1`;
    expect(image).toHaveAttribute('src', url);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '100']);
    expect(within(steps).getByRole('link', { name: 'Open the screenshot of step 2' })).toHaveAttribute('href', url);
    // Only the one step has a picture.
    expect(within(steps).getAllByRole('img')).toHaveLength(1);
    const served = await fetch(new URL(url, window.location.href));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await served.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
    const none = await fetch(new URL(`/rest/agent/tasks/${MOCK_AGENT_TASK}/screenshots/0`, window.location.href));
    expect([none.status, (await none.json()).code]).toEqual([404, 'agent_screenshot_not_found']);
  });

  it('another task is not found', async () => {
    at('/agent/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This agent task does not exist.');
  });
});
