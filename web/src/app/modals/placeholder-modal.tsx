// The honest body of a modal whose feature is not built yet: it names the feature.
import { ModalTitle } from '../../ui/modal-parts';
import type { ModalProps } from './types';

export function placeholderModal(title: string, feature: string) {
  return function PlaceholderModal({ close }: ModalProps) {
    return (
      <div className="space-y-4">
        <ModalTitle>{title}</ModalTitle>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">This arrives with {feature}.</p>
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      </div>
    );
  };
}
