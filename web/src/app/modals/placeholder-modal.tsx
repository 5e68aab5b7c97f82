// The honest body of a modal whose feature is not built yet: it names the feature.
import { ModalTitle } from '../../ui/modal-parts';
import type { ModalProps } from '../../platform/modals/types';

type PlaceholderProps = { title: string; feature: string; close: () => void };

function PlaceholderModal({ title, feature, close }: PlaceholderProps) {
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
}

/** The registry's modal body for one not-yet-built feature; it only binds the texts. */
export const placeholderModal =
  (title: string, feature: string) =>
  ({ close }: ModalProps) => <PlaceholderModal title={title} feature={feature} close={close} />;
