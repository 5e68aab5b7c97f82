// @vitest-environment happy-dom
// The drop zone (seed 001 §2): its three texts, dropping and browsing, keyboard reach, and
// nothing accepted while disabled.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCEPTED_EXTENSIONS } from '../../../../../services/files/pure';
import { DropZone } from './drop-zone';
import { fileOf } from './upload-test-kit';

afterEach(cleanup);

const drop = (files: File[]) => fireEvent.drop(screen.getByRole('group', { name: 'Drop zone' }), { dataTransfer: { files, types: ['Files'] } });

describe('DropZone', () => {
  it('invites a drop and says where dropped files appear', () => {
    render(<DropZone onFiles={() => {}} />);
    expect(screen.getByText('Drop your files here.')).toBeInTheDocument();
    expect(screen.getByText('Dropped files appear here.')).toBeInTheDocument();
    expect(screen.queryByText('Drop zone disabled')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose files to upload').getAttribute('accept')).toBe(ACCEPTED_EXTENSIONS.join(','));
  });

  it('hands dropped files on as dropped, and picked files as picked', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup();
    render(<DropZone onFiles={onFiles} />);
    const a = fileOf('a.pdf', 'application/pdf');
    drop([a]);
    expect(onFiles).toHaveBeenLastCalledWith([a], { dropped: true });
    const b = fileOf('b.md', 'text/markdown');
    await user.upload(screen.getByLabelText('Choose files to upload'), [b]);
    expect(onFiles).toHaveBeenLastCalledWith([b], { dropped: false });
  });

  it('is reachable by keyboard: Tab reaches Browse files', async () => {
    const user = userEvent.setup();
    render(<DropZone onFiles={() => {}} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Browse files' }));
  });

  it("says 'Drop zone disabled' and takes nothing when disabled", () => {
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} disabled />);
    expect(screen.getByText('Drop zone disabled')).toBeInTheDocument();
    expect(screen.queryByText('Drop your files here.')).not.toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Browse files' }) as HTMLButtonElement).disabled).toBe(true);
    drop([fileOf('a.pdf')]);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('shows the list in place of the hint once there is one', () => {
    render(<DropZone onFiles={() => {}} list={<ul aria-label="Chosen files" />} />);
    expect(screen.getByRole('list', { name: 'Chosen files' })).toBeInTheDocument();
    expect(screen.queryByText('Dropped files appear here.')).not.toBeInTheDocument();
  });
});
