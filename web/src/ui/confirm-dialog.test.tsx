// @vitest-environment happy-dom
// A confirmation opened from code gives focus back to what opened it when it closes.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} title="Delete this Space?" confirmLabel="Delete Space" onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} />
    </>
  );
}

describe('confirm dialog', () => {
  it('gives focus back to its opener on Cancel, Escape and confirm', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    for (const close of [
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.keyboard('{Escape}'),
      () => user.click(screen.getByRole('button', { name: 'Delete Space' })),
    ]) {
      opener.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('alertdialog', { name: 'Delete this Space?' });
      await act(close);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
