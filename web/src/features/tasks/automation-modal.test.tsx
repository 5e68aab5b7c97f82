// @vitest-environment happy-dom
// The automation modal lists the person's scheduled tasks and price alerts (not their shortcuts)
// and adds one; the Space video modal explains Spaces in steps and leads to creating one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../../../generated/react-query/tasks/tasks';
import { withMockServer } from '../../testing/mock-server';
import { openModal } from '../../testing/open-modal-test-kit';

withMockServer('signed-in');

describe('automation', () => {
  it('lists scheduled tasks, leaves shortcuts out, and adds one', async () => {
    await createTask({
      task_type: 'SCHEDULE',
      title: 'Morning news',
      query: { prompt: 'What happened overnight?' },
      schedule: { kind: 'DAILY', hour: 7, minute: 0 },
      tzid: 'UTC',
    });
    await createTask({ task_type: 'SHORTCUT', title: 'Summarise', query: { prompt: 'Summarise this' } });
    const { user, dialog } = await openModal('automation', 'Automation');
    expect(await within(dialog).findByText('Morning news', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).queryByText('Summarise')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'New scheduled task' }));
    expect(await screen.findByRole('dialog', { name: /scheduled task/i }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the Space video modal', () => {
  it('explains a Space in four steps and leads to creating one', async () => {
    const { user, dialog } = await openModal('spaceVideo', 'Spaces');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Create a Space' }));
    expect(await screen.findByRole('dialog', { name: /Space/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
