// The central modal host (seeds, "Central modal host"): modals stack; clicking outside closes
// only the topmost, and only once the stack has been stable for 100 ms, so the click that opened
// a modal (or a quick double click) never closes it again at once.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IS_INSTALL_SIDECAR } from '../../platform/environment';
import { ModalContext, type ModalApi, type ModalEntry } from '../../platform/modals/context';
import { ModalFrame } from './frame';
import { modalRegistry, type ModalRegistry } from './registry';

/** Seeds: "Modal outside-click grace 100 ms." */
export const OUTSIDE_CLICK_GRACE_MS = 100;

type Props = {
  children?: ReactNode;
  /** Tests swap in failing or slow modals. */
  registry?: ModalRegistry;
  installSidecar?: boolean;
};

let nextId = 1;

export function ModalProvider({ children, registry = modalRegistry, installSidecar = IS_INSTALL_SIDECAR }: Props) {
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const stable = useRef(false);

  // Any change of the stack (open or close) restarts the grace period.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stack` is the trigger, not an input: each open or close restarts the timer.
  useEffect(() => {
    stable.current = false;
    const timer = setTimeout(() => (stable.current = true), OUTSIDE_CLICK_GRACE_MS);
    return () => clearTimeout(timer);
  }, [stack]);

  const open = useCallback<ModalApi['open']>(
    (name, ...rest) => {
      if (installSidecar && registry[name].hiddenInInstallSidecar) return null;
      const id = nextId++;
      setStack((s) => [...s, { id, name, args: rest[0] ?? {} }]);
      return id;
    },
    [registry, installSidecar],
  );
  const guards = useRef(new Map<number, () => boolean>());
  const close = useCallback((id: number) => {
    guards.current.delete(id);
    setStack((s) => s.filter((m) => m.id !== id));
  }, []);
  /** A dismissal by the person: the body's guard, if any, may keep the modal open. */
  const dismiss = useCallback(
    (id: number) => {
      const guard = guards.current.get(id);
      if (!guard || guard()) close(id);
    },
    [close],
  );
  const guardClose = useCallback((id: number, guard: (() => boolean) | null) => {
    if (guard) guards.current.set(id, guard);
    else guards.current.delete(id);
  }, []);

  const top = stack.at(-1);
  const onOutsideClick = (id: number) => {
    if (stable.current && top?.id === id) dismiss(id);
  };
  // Escape closes the topmost modal of our stack, once per key press. Radix's own choice of
  // the highest layer can lag a stack change and dismiss a lower modal, so it only reports here.
  const latestStack = useRef(stack);
  latestStack.current = stack;
  const seenEscapes = useRef(new WeakSet<Event>());
  const onEscape = useCallback(
    (e: KeyboardEvent) => {
      if (seenEscapes.current.has(e)) return;
      seenEscapes.current.add(e);
      const last = latestStack.current.at(-1);
      if (last) dismiss(last.id);
    },
    [dismiss],
  );

  const api = useMemo(() => ({ stack, open, close }), [stack, open, close]);
  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((entry, index) => (
        <ModalFrame
          key={entry.id}
          entry={entry}
          definition={registry[entry.name]}
          depth={index}
          onClose={() => close(entry.id)}
          onDismiss={() => dismiss(entry.id)}
          guardClose={guardClose}
          onOutsideClick={() => onOutsideClick(entry.id)}
          onEscape={onEscape}
        />
      ))}
    </ModalContext.Provider>
  );
}
