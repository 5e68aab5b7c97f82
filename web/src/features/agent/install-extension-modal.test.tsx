// @vitest-environment happy-dom
// The 'install' and 'browser download instructions' modals in the app's modal host: where the zip
// is, and how to load it unpacked; 'platform options' offers the web app and the extension and names
// what is not offered.
import { render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { useModals } from '../../platform/modals/context';

type Name = 'install' | 'browserDownloadInstructions' | 'platformOptions';

function Open({ name }: { name: Name }) {
  const modals = useModals();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, on mount
  useEffect(() => void modals.open(name), []);
  return null;
}

const show = (name: Name) =>
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

it('platform options: the web app, the extension with its steps, and plainly what this server does not offer', async () => {
  show('platformOptions');
  const dialog = await screen.findByRole('dialog', { name: 'Platform options' });
  expect(within(dialog).queryByText(/arrives with/)).toBeNull();
  expect(within(dialog).getByRole('region', { name: 'On the web' })).toHaveTextContent('Nothing to install.');
  const extension = within(dialog).getByRole('region', { name: /^Browser extension/ });
  expect(within(extension).getByRole('link', { name: 'Download the extension' })).toHaveAttribute('href', '/extension.zip');
  expect(within(extension).getByText('Choose “Load unpacked” and pick the unzipped folder.')).toBeInTheDocument();
  expect(within(dialog).getByRole('region', { name: 'Not offered by this server' })).toHaveTextContent(
    'There is no Windows or Mac app, no iPhone or Android app, no extension for Firefox or Safari, and no WhatsApp number.',
  );
});
