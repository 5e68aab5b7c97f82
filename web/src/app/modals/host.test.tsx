// @vitest-environment happy-dom
// The modal host's rules from the seeds: stacking, outside click only for the topmost after the
// stack has been stable for 100 ms, the "An error has occurred" fallback, and the sidecar flag.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalTitle } from '../../ui/modal-parts';
import { useModals, type ModalApi } from '../../platform/modals/context';
import { ModalProvider, OUTSIDE_CLICK_GRACE_MS } from './host';
import { modalRegistry, type ModalRegistry } from './registry';
import type { ModalProps } from '../../platform/modals/types';
import type { ModalDefinition } from './definition';

const simple = (title: string): ModalDefinition => ({
  load: async () => ({
    default: function Simple({ close }: ModalProps) {
      return (
        <>
          <ModalTitle>{title}</ModalTitle>
          <button type="button" onClick={close}>
            Done
          </button>
        </>
      );
    },
  }),
});
function Throws(): never {
  throw new Error('render failed');
}

const registry: ModalRegistry = {
  ...modalRegistry,
  pricing: simple('First'),
  upgrade: simple('Second'),
  install: { ...simple('Install'), hiddenInInstallSidecar: true },
  bugReport: { load: () => Promise.reject(new Error('chunk failed to load')) },
  map: { load: async () => ({ default: Throws }) },
};

let api: ModalApi;
function Grab() {
  api = useModals();
  return null;
}
function setup(installSidecar = false) {
  render(
    <ModalProvider registry={registry} installSidecar={installSidecar}>
      <Grab />
    </ModalProvider>,
  );
}
const openModals = () => [...document.querySelectorAll('[data-modal]')].map((e) => e.getAttribute('data-modal'));
const clickOutside = (name: string) => fireEvent.click(document.querySelector(`[data-modal-overlay="${name}"]`)!);
const open = (name: Parameters<ModalApi['open']>[0]) => act(async () => void api.open(name));
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('modal host', () => {
  it('stacks modals, the last opened on top, and Escape closes only the top one', async () => {
    setup();
    await open('pricing');
    await open('upgrade');
    expect(openModals()).toEqual(['pricing', 'upgrade']);
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(openModals()).toEqual(['pricing']);
  });

  it('ignores an outside click until the stack has been stable for 100 ms', async () => {
    setup();
    await open('pricing');
    await wait(OUTSIDE_CLICK_GRACE_MS - 1);
    clickOutside('pricing');
    expect(openModals()).toEqual(['pricing']);
    await wait(1);
    clickOutside('pricing');
    expect(openModals()).toEqual([]);
  });

  it('restarts the 100 ms on every stack change and closes only the topmost', async () => {
    setup();
    await open('pricing');
    await wait(80);
    await open('upgrade'); // 80 ms after the first: the grace period starts again
    await wait(50);
    clickOutside('upgrade');
    expect(openModals()).toEqual(['pricing', 'upgrade']);
    await wait(50);
    clickOutside('pricing'); // not the topmost: ignored
    expect(openModals()).toEqual(['pricing', 'upgrade']);
    clickOutside('upgrade');
    expect(openModals()).toEqual(['pricing']);
    clickOutside('pricing'); // the close was a stack change too
    expect(openModals()).toEqual(['pricing']);
    await wait(OUTSIDE_CLICK_GRACE_MS);
    clickOutside('pricing');
    expect(openModals()).toEqual([]);
  });

  it('shows "An error has occurred" when a modal fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup();
    await open('bugReport');
    expect(screen.getByRole('dialog', { name: 'An error has occurred' })).toBeInTheDocument();
  });

  it('shows "An error has occurred" when a modal throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup();
    await open('map');
    expect(screen.getByRole('dialog', { name: 'An error has occurred' })).toBeInTheDocument();
  });

  it('does not offer sidecar-hidden modals in the install-sidecar build', async () => {
    setup(true);
    let id: number | null = 0;
    await act(async () => void (id = api.open('install')));
    expect(id).toBeNull();
    expect(openModals()).toEqual([]);
    await open('pricing');
    expect(openModals()).toEqual(['pricing']);
  });

  it('gives focus back to what opened a modal when it closes, down the stack', async () => {
    render(
      <ModalProvider registry={registry}>
        <Grab />
        <button type="button" onClick={() => api.open('pricing')}>
          Open pricing
        </button>
      </ModalProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open pricing' });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const first = screen.getByRole('dialog', { name: 'First' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    await open('upgrade');
    expect(document.activeElement).not.toBe(done);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await wait(0);
    expect(document.activeElement).toBe(done);
    expect(first.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await wait(0);
    expect(openModals()).toEqual([]);
    expect(document.activeElement).toBe(opener);
  });

  it('offers them in other builds', async () => {
    setup(false);
    await open('install');
    expect(screen.getByRole('dialog', { name: 'Install' })).toBeInTheDocument();
  });
});

describe('a modal that failed to load', () => {
  it('is loaded again the next time it is opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const flaky: ModalDefinition = {
      load: () => (++attempts === 1 ? Promise.reject(new Error('offline')) : simple('Back online').load()),
    };
    render(
      <ModalProvider registry={{ ...registry, pricing: flaky }}>
        <Grab />
      </ModalProvider>,
    );
    await open('pricing');
    expect(screen.getByRole('dialog', { name: 'An error has occurred' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(openModals()).toEqual([]);
    await open('pricing');
    expect(screen.getByRole('dialog', { name: 'Back online' })).toBeInTheDocument();
  });
});
