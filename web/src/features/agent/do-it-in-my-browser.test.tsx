// @vitest-environment happy-dom
// "Do it in my browser" against the mock API, with a stand-in for the extension's side of
// chrome.runtime: present, it hands over a fresh agent token with the task and follows the task
// at /agent/:taskUuid; absent, the button opens the install instructions.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalApi, ModalContext } from '../../platform/modals/context';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { DoItInMyBrowser, NO_EXTENSION_ANSWER } from './do-it-in-my-browser';
import { AGENT_EXTENSION_ID, START_TASK_WAIT_MS } from './extension-bridge';

withMockServer('signed-in');

const TASK_UUID = '4d6f2a9e-1b7c-4c1e-9f0a-2b3c4d5e6f70';
type Sent = { id: string; message: Record<string, unknown> };

function installExtension(answer: (m: Record<string, unknown>) => unknown, delayMs: (m: Record<string, unknown>) => number = () => 0) {
  const sent: Sent[] = [];
  (globalThis as { chrome?: unknown }).chrome = {
    runtime: {
      sendMessage: (id: string, message: Record<string, unknown>, callback: (a: unknown) => void) => {
        sent.push({ id, message });
        setTimeout(() => callback(answer(message)), delayMs(message));
      },
    },
  };
  return sent;
}

function AgentPage() {
  return <p>Following task {useParams().taskUuid}</p>;
}

function show(entryKey: string = crypto.randomUUID()) {
  const modals: ModalApi = { stack: [], open: vi.fn(() => 1) as unknown as ModalApi['open'], close: vi.fn() };
  const router = createMemoryRouter(
    [
      { path: '/', element: <DoItInMyBrowser question="Book a double room at Hotel Example" entryKey={entryKey} /> },
      { path: '/agent/:taskUuid', element: <AgentPage /> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalContext.Provider value={modals}>
        <RouterProvider router={router} />
      </ModalContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), modals, unmount: view.unmount };
}

afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

describe('Do it in my browser', () => {
  it('with the extension: the task and a fresh token go to it, and the app follows the task', async () => {
    const sent = installExtension((m) => (m.type === 'PING' ? { ok: true, version: '0.1.0' } : { task_uuid: TASK_UUID }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
    const form = screen.getByRole('form', { name: 'Start the agent' });
    expect(screen.getByLabelText('What should the agent do?')).toHaveValue('Book a double room at Hotel Example');
    await user.type(screen.getByLabelText('Start at (optional)'), 'hotel.example/booking');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText(`Following task ${TASK_UUID}`)).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
    expect(sent.every((s) => s.id === AGENT_EXTENSION_ID)).toBe(true);
    const start = sent.find((s) => s.message.type === 'START_TASK')!.message;
    expect(start).toMatchObject({ task: 'Book a double room at Hotel Example', start_url: 'hotel.example/booking' });
    expect(typeof start.token).toBe('string');
    expect(String(start.token).length).toBeGreaterThan(0);
    // The side panel's token came first, on the page's load.
    expect(sent.map((s) => s.message.type)).toEqual(['PING', 'CONNECT', 'START_TASK']);
  });

  it('waits for a task whose page is slow to load (the extension answers once the tab has loaded), showing it is starting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installExtension(
        (m) => (m.type === 'PING' ? { ok: true, version: '0.1.0' } : { task_uuid: TASK_UUID }),
        (m) => (m.type === 'START_TASK' ? 12_000 : 0),
      );
      show();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
      await user.click(screen.getByRole('button', { name: 'Start' }));
      expect(await screen.findByRole('button', { name: 'Starting…' })).toBeDisabled();
      await vi.advanceTimersByTimeAsync(11_000);
      expect(screen.queryByRole('alert')).toBeNull();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByText(`Following task ${TASK_UUID}`)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the extension never answers the task', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installExtension(
        (m) => (m.type === 'PING' ? { ok: true, version: '0.1.0' } : { task_uuid: TASK_UUID }),
        (m) => (m.type === 'START_TASK' ? 10 * 60_000 : 0),
      );
      show();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
      await user.click(screen.getByRole('button', { name: 'Start' }));
      await vi.advanceTimersByTimeAsync(START_TASK_WAIT_MS + 1);
      expect(await screen.findByRole('alert')).toHaveTextContent(NO_EXTENSION_ANSWER);
      expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what went wrong when the extension refuses the task', async () => {
    installExtension((m) => (m.type === 'PING' ? { ok: true, version: '0.1.0' } : { error: 'Invalid START_TASK: task Too big' }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid START_TASK: task Too big');
  });

  it('without the extension: the button opens the install instructions', async () => {
    const { user, modals } = show();
    await user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
    expect(modals.open).toHaveBeenCalledWith('install');
    expect(screen.queryByRole('form', { name: 'Start the agent' })).toBeNull();
  });

  it('an open form and what was typed in it outlast the entry mounted anew (the thread page taking over from /search/new)', async () => {
    installExtension((m) => (m.type === 'PING' ? { ok: true, version: '0.1.0' } : { task_uuid: TASK_UUID }));
    const first = show('entry-1');
    await first.user.click(await screen.findByRole('button', { name: 'Do it in my browser' }));
    await first.user.type(screen.getByLabelText('Start at (optional)'), 'hotel.example/booking');
    first.unmount();
    const again = show('entry-1');
    expect(await screen.findByRole('form', { name: 'Start the agent' })).toBeInTheDocument();
    expect(screen.getByLabelText('What should the agent do?')).toHaveValue('Book a double room at Hotel Example');
    expect(screen.getByLabelText('Start at (optional)')).toHaveValue('hotel.example/booking');
    // Closed, it stays closed when the entry is mounted anew.
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();
    show('entry-1');
    await screen.findByRole('button', { name: 'Do it in my browser' });
    expect(screen.queryByRole('form', { name: 'Start the agent' })).toBeNull();
  });
});
