// @vitest-environment happy-dom
// The ask box's filters from the keyboard: the button opens the panel on its domains field,
// Enter there closes it rather than asking, Escape returns to the button, the button counts what
// is set; and an answer names the filters it was asked with.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FiltersUsed } from '../search/filters-used';
import { FiltersControl } from './filters-control';
import { askFilterFields, type FilterDraft, NO_FILTERS } from './search-filters';

afterEach(cleanup);

function Harness({ onSubmit }: { onSubmit: (fields: ReturnType<typeof askFilterFields>) => void }) {
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(askFilterFields(draft));
      }}
    >
      <FiltersControl draft={draft} onChange={setDraft} />
      <button type="submit">Ask</button>
    </form>
  );
}

describe('the filters control', () => {
  it('is used from the keyboard alone, and the question carries what was set', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<Harness onSubmit={submitted} />);
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Domains')).toHaveFocus();
    await user.keyboard('wikipedia.org -reddit.com{Enter}');
    // Enter closed the panel and did not ask.
    expect(submitted).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName('Filters (1)');

    await user.keyboard('{Enter}');
    await user.selectOptions(screen.getByLabelText('Published'), 'Past week');
    await user.click(screen.getByLabelText(/Academic sources/));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Search filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(submitted).toHaveBeenCalledWith({ search_domain_filter: ['wikipedia.org', '-reddit.com'], search_recency_filter: 'week', search_focus: 'academic' });

    await user.click(screen.getByRole('button', { name: 'Filters (3)' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('an answer lists the filters it was asked with, and nothing without any', () => {
    const { rerender } = render(<FiltersUsed filters={{ search_domain_filter: ['arxiv.org', '-reddit.com'], search_recency_filter: 'month' }} />);
    const list = screen.getByRole('list', { name: 'Search filters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Only arxiv.org', 'Not reddit.com', 'Past month']);
    rerender(<FiltersUsed filters={undefined} />);
    expect(screen.queryByRole('list', { name: 'Search filters' })).toBeNull();
  });
});
