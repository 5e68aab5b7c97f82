// @vitest-environment happy-dom
// Translating an answer against the mock API: the translation shown in place of the answer with
// the browser's languages asked for, back to the original, and the originals kept (with a toast,
// never an error) when translation is not available.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { mockTranslation } from '../../../../mocks/translation';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';
import { toast } from '../../platform/toasts';
import { TRANSLATION_UNAVAILABLE, TranslateAnswerButton } from './translate-answer';

const mocks = setupMocks('anonymous');
const requests: { languages: string | null; texts: string[] }[] = [];
beforeAll(() => {
  mocks.listen();
  mocks.server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/rest/translation/translate'))
      requests.push({ languages: request.headers.get('accept-language'), ...((await request.clone().json()) as { texts: string[] }) });
  });
});
beforeEach(() => {
  requests.length = 0;
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'de', 'en']);
});
afterEach(() => {
  toast.dismiss(); // sonner keeps its toasts across renders
  cleanup();
  vi.restoreAllMocks();
  mocks.reset();
});
afterAll(mocks.close);

const ANSWER = 'Open the thread and choose **Share** [1].\n\nCopy the link.';

function Answer({ text }: { text: string }) {
  const [translated, setTranslated] = useState<string | null>(null);
  return (
    <>
      <p data-testid="answer">{translated ?? text}</p>
      <TranslateAnswerButton text={text} onTranslated={setTranslated} />
    </>
  );
}
function setup(text = ANSWER) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Answer text={text} />
      <Toaster />
    </QueryClientProvider>,
  );
  const rerender = (next: string) =>
    view.rerender(
      <QueryClientProvider client={createQueryClient()}>
        <Answer text={next} />
        <Toaster />
      </QueryClientProvider>,
    );
  return { user, rerender };
}
const shown = () => screen.getByTestId('answer').textContent;

describe('translating an answer', () => {
  it('shows the answer in the browser language, then the original again, without asking twice', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(shown()).toBe(mockTranslation(ANSWER, 'de')));
    expect(requests).toEqual([{ languages: 'de-CH, de;q=0.9, en;q=0.8', texts: [ANSWER] }]);

    await user.click(screen.getByRole('button', { name: 'Show original' }));
    expect(shown()).toBe(ANSWER);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(shown()).toBe(mockTranslation(ANSWER, 'de'));
    expect(requests).toHaveLength(1);
  });

  it('translated: false keeps the original and says translation is not available', async () => {
    mocks.server.use(
      http.post('*/rest/translation/translate', async ({ request }) => {
        const { texts } = (await request.json()) as { texts: string[] };
        return HttpResponse.json({ translated_texts: texts, translated: false, target_language: 'de' });
      }),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText(TRANSLATION_UNAVAILABLE);
    expect(shown()).toBe(ANSWER);
    expect(screen.getByRole('button', { name: 'Translate' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an API error keeps the original too, with the same toast', async () => {
    mocks.server.use(http.post('*/rest/translation/translate', () => problem(400, 'validation_failed', 'texts must not be empty')));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText(TRANSLATION_UNAVAILABLE);
    expect(shown()).toBe(ANSWER);
  });

  it('a new answer text goes back to the original', async () => {
    const { user, rerender } = setup();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(shown()).toBe(mockTranslation(ANSWER, 'de')));
    rerender('A rewritten answer.');
    await waitFor(() => expect(shown()).toBe('A rewritten answer.'));
    expect(screen.getByRole('button', { name: 'Translate' })).toBeInTheDocument();
  });

  it('an empty answer cannot be translated', () => {
    setup('');
    expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
