// @vitest-environment happy-dom
// The 'install' and 'browser download instructions' modals in the app's modal host: where the zip
// is, and how to load it unpacked.
import { render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { useModals } from '../../platform/modals/context';

function Open({ name }: { name: 'install' | 'browserDownloadInstructions' }) {
  const modals = useModals();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, on mount
  useEffect(() => void modals.open(name), []);
  return null;
}

const show = (name: 'install' | 'browserDownloadInstructions') =>
  render(
    <ModalProvider installSidecar={false}>
      <Open name={name} />
    </ModalProvider>,
  );

it('install: links the zip this server serves and tells how to load it unpacked', async () => {
  show('install');
  const dialog = await screen.findByRole('dialog', { name: 'Install the browser extension' });
  expect(within(dialog).getByRole('link', { name: 'Download the extension' })).toHaveAttribute('href', '/extension.zip');
  expect(within(dialog).getByText('Choose “Load unpacked” and pick the unzipped folder.')).toBeInTheDocument();
});

it('the browser download is the person’s own Chromium with the extension', async () => {
  show('browserDownloadInstructions');
  const dialog = await screen.findByRole('dialog', { name: 'Download the browser' });
  expect(within(dialog).getByRole('link', { name: 'Download the extension' })).toHaveAttribute('href', '/extension.zip');
});
