// One modal of the stack: a Radix dialog (focus trap, Escape, aria) whose outside clicks are
// left to the host's rule instead of Radix's, with the lazily loaded body inside.
import * as Dialog from 'radix-ui/dialog';
import { X } from '../../ui/icons';
import { lazy, Suspense, useCallback, type ComponentType, type LazyExoticComponent } from 'react';
import { clsx } from 'clsx';
import { ModalTitle } from '../../ui/modal-parts';
import { useReturnFocus } from '../../ui/return-focus';
import { useMediaQuery } from '../../platform/use-media-query';
import type { ModalEntry } from '../../platform/modals/context';
import { ModalErrorBoundary } from './error-boundary';
import type { ModalProps } from '../../platform/modals/types';
import type { ModalDefinition } from './definition';

/** Seeds, error catalogue: the modal host's fallback text. */
export const MODAL_FALLBACK_TEXT = 'An error has occurred';

const lazyCache = new WeakMap<ModalDefinition, LazyExoticComponent<ComponentType<ModalProps<unknown>>>>();
function component(def: ModalDefinition) {
  let c = lazyCache.get(def);
  if (!c) lazyCache.set(def, (c = lazy(def.load as () => Promise<{ default: ComponentType<ModalProps<unknown>> }>)));
  return c;
}

const WIDTH = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', upgrade: 'max-w-[416px]' } as const;
/** Seeds: side sheets become bottom sheets on mobile; below this width is mobile. */
export const SHEET_SIDE_QUERY = '(min-width: 640px)';
const keepOpen = (e: Event) => e.preventDefault();

type Props = {
  entry: ModalEntry;
  definition: ModalDefinition;
  depth: number;
  /** Closes at once (the body's own close). */
  onClose: () => void;
  /** The Close button and Radix's own dismissals: the body's guard may keep it open. */
  onDismiss: () => void;
  guardClose: (id: number, guard: (() => boolean) | null) => void;
  onOutsideClick: () => void;
  onEscape: (e: KeyboardEvent) => void;
};

export function ModalFrame({ entry, definition, depth, onClose, onDismiss, guardClose, onOutsideClick, onEscape }: Props) {
  const Body = component(definition);
  const guard = useCallback<ModalProps['guardClose']>((g) => guardClose(entry.id, g), [guardClose, entry.id]);
  const wide = useMediaQuery(SHEET_SIDE_QUERY);
  // Focus goes back to what opened the modal (or to a control of the modal below it).
  const returnFocus = useReturnFocus(true);
  const sheet = definition.layout === 'sheet' ? (wide ? 'right' : 'bottom') : null;
  const fallback = (
    <div className="space-y-4" role="alert">
      <ModalTitle>{MODAL_FALLBACK_TEXT}</ModalTitle>
      <button type="button" className="btn-secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-modal-overlay={entry.name}
          style={{ zIndex: 50 + depth }}
          className={clsx(
            'fixed inset-0',
            sheet === null && 'grid place-items-center overflow-y-auto p-4',
            sheet === 'right' && 'flex justify-end',
            sheet === 'bottom' && 'flex items-end',
            // No backdrop blur: where the browser composites in software (no GPU), blurring the whole
            // window behind the dim took about 26 ms a frame (Chromium's trace, a browser test's modals).
            depth === 0 ? 'bg-neutral-950/50' : 'bg-neutral-950/25',
          )}
          onClick={(e) => e.target === e.currentTarget && onOutsideClick()}
        >
          <Dialog.Content
            data-modal={entry.name}
            data-sheet={sheet ?? undefined}
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocus}
            onPointerDownOutside={keepOpen}
            onInteractOutside={keepOpen}
            onEscapeKeyDown={(e) => {
              e.preventDefault();
              onEscape(e);
            }}
            className={clsx(
              'relative w-full bg-white p-6 text-neutral-900 shadow-2xl ring-1 ring-neutral-950/5 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-white/10',
              sheet === null && ['rounded-2xl', WIDTH[definition.size ?? 'md']],
              sheet === 'right' && 'h-full max-w-md overflow-y-auto rounded-l-2xl',
              sheet === 'bottom' && 'max-h-[85dvh] overflow-y-auto rounded-t-2xl',
            )}
          >
            <ModalErrorBoundary fallback={fallback} onError={() => lazyCache.delete(definition)}>
              <Suspense fallback={<ModalLoading />}>
                <Body args={entry.args} close={onClose} guardClose={guard} />
              </Suspense>
            </ModalErrorBoundary>
            <Dialog.Close
              aria-label="Close"
              className="absolute right-3 top-3 rounded-full p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
            >
              <X className="size-4" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ModalLoading() {
  return (
    <div className="flex h-24 items-center justify-center" aria-busy="true">
      <Dialog.Title className="sr-only">Loading</Dialog.Title>
      <span className="size-5 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-900 dark:border-neutral-700 dark:border-t-neutral-100" />
    </div>
  );
}
