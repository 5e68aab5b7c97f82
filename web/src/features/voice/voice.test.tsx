// @vitest-environment happy-dom
// Dictation and voice mode against the mock API, with the browser's speech stood in for
// (testing/fake-speech.ts): the microphone button adds what is heard to the question; a refused
// microphone says so; a browser without recognition shows the button disabled with the reason;
// voice mode asks what it hears and reads the answer aloud without its citation markers.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { Toaster } from '../../app/toaster';
import { useModals } from '../../platform/modals/context';
import { createQueryClient } from '../../platform/query-client';
import { NO_RECOGNITION } from '../../platform/speech/speech';
import { installFakeSpeech } from '../../testing/fake-speech';
import { withMockServer } from '../../testing/mock-server';
import { AskBox } from '../ask/ask-box';
import { WEB_SEARCH_OFF_NOTE } from '../ask/search-mode';

const mocks = withMockServer('signed-in');
let speech: ReturnType<typeof installFakeSpeech> | null = null;
afterEach(() => {
  cleanup();
  speech?.uninstall();
  speech = null;
});

function VoiceOpener() {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => open('voiceToVoice')}>
      Open voice mode
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ModalProvider>
            <AskBox />
            <VoiceOpener />
            <Toaster />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('dictation', () => {
  it('adds each phrase heard to the question, and stops when pressed again', async () => {
    speech = installFakeSpeech();
    const { user } = setup();
    const box = screen.getByLabelText('Ask anything') as HTMLTextAreaElement;
    await user.type(box, 'Tell me');
    await user.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(screen.getByText('Listening…')).toBeInTheDocument();
    act(() => speech!.hear('about the moon'));
    expect(box.value).toBe('Tell me about the moon');
    await user.click(screen.getByRole('button', { name: 'Stop dictation' }));
    expect(speech.listening()).toBe(false);
    expect(screen.getByRole('button', { name: 'Dictate' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a refused microphone is said in plain words', async () => {
    speech = installFakeSpeech();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Dictate' }));
    act(() => speech!.fail('not-allowed'));
    expect(await screen.findByText(/microphone is not allowed/)).toBeInTheDocument();
  });

  it('without speech recognition the button is disabled and says why; voice mode is not offered', async () => {
    setup();
    // The server's features are in (nothing left in flight when the test ends).
    await screen.findByText(WEB_SEARCH_OFF_NOTE, {}, { timeout: 5000 });
    const button = screen.getByRole('button', { name: 'Dictate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', NO_RECOGNITION);
    expect(screen.queryByRole('button', { name: 'Voice mode' })).not.toBeInTheDocument();
  });
});

describe('voice mode', () => {
  it('asks the question it hears and reads the answer aloud, without citation markers', async () => {
    speech = installFakeSpeech();
    const { router, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open voice mode' }));
    await user.click(await screen.findByRole('button', { name: 'Talk' }, { timeout: 5000 }));
    expect(screen.getByText('Listening…')).toBeInTheDocument();
    act(() => speech!.hear('why is the sky blue'));
    expect(screen.getByText('You: why is the sky blue')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/new'));
    await waitFor(() => expect(speech!.spoken).toHaveLength(1), { timeout: 10_000 });
    expect(speech.spoken[0]).not.toMatch(/\[\d+\]/);
    expect(speech.spoken[0]!.length).toBeGreaterThan(0);
  });

  it('says so where the browser cannot listen', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open voice mode' }));
    expect(await screen.findByText(NO_RECOGNITION, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('signed out, asks to sign in first', async () => {
    mocks.reset('anonymous');
    speech = installFakeSpeech();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open voice mode' }));
    expect(await screen.findByText('Sign in to use voice mode.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
