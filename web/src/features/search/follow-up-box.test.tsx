// @vitest-environment happy-dom
// A follow-up has the ask box's search filters where the server searches the web: what is set
// goes with the question and stays set for the next follow-up.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import { FollowUpBox } from './follow-up-box';
import { getSettings, updateSettings } from '../../platform/settings/store';

const mocks = setupMocks('anonymous', { features: { web_search: true } });
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
  updateSettings({ preferredAnswerDepth: null });
});
afterAll(mocks.close);

function setup() {
  const onAsk = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <FollowUpBox onAsk={onAsk} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onAsk, user: userEvent.setup() };
}

describe('the follow-up box', () => {
  it('asks with the filters set for this follow-up', async () => {
    const { onAsk, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Filters' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Domains'), 'nasa.gov');
    await user.selectOptions(screen.getByLabelText('Published'), 'Past month');
    await user.keyboard('{Escape}');
    await user.type(screen.getByLabelText('Ask a follow-up'), 'and on Mars?{Enter}');
    expect(onAsk).toHaveBeenCalledWith('and on Mars?', { search_domain_filter: ['nasa.gov'], search_recency_filter: 'month' });
    await user.type(screen.getByLabelText('Ask a follow-up'), 'and on the Moon?{Enter}');
    expect(onAsk).toHaveBeenLastCalledWith('and on the Moon?', { search_domain_filter: ['nasa.gov'], search_recency_filter: 'month' });
  });

  it('asks with no filters when none is set', async () => {
    const { onAsk, user } = setup();
    await screen.findByRole('button', { name: 'Filters' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Ask a follow-up'), 'why?{Enter}');
    expect(onAsk).toHaveBeenCalledWith('why?', {});
  });

  it('asks with Pro Search once Pro is picked, and keeps the choice as the preferred depth', async () => {
    const { onAsk, user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    expect((screen.getByRole('radio', { name: 'Pro' }) as HTMLInputElement).checked).toBe(true);
    expect(getSettings().preferredAnswerDepth).toBe('pro');
    await user.type(screen.getByLabelText('Ask a follow-up'), 'why?{Enter}');
    expect(onAsk).toHaveBeenCalledWith('why?', { answer_depth: 'pro' });
    await user.click(screen.getByRole('radio', { name: 'Quick' }));
    await user.type(screen.getByLabelText('Ask a follow-up'), 'how?{Enter}');
    expect(onAsk).toHaveBeenLastCalledWith('how?', {});
  });
});
