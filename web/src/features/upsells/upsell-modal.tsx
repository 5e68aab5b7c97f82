// An upsell shown in a modal: its image, title and description, its button, and "Not now"
// (which marks it too, so it does not come back at every visit).
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { buttonClassOf, buttonTextOf } from './upsell-card';
import type { UpsellModalArgs } from './upsell-args';
import { useUpsellClick } from './use-upsell-click';
import { useMarkInteracted } from './use-upsells';

export default function UpsellModal({ args, close }: ModalProps<UpsellModalArgs>) {
  const click = useUpsellClick();
  const mark = useMarkInteracted();
  const u = args.upsell;
  // "Not now" is an answer too: the modal is not opened again on every visit.
  const dismiss = () => {
    close();
    void mark(u);
  };
  return (
    <div className="space-y-4" data-upsell={u.name}>
      {u.image_asset && <img src={u.image_asset} alt="" className="h-40 w-full rounded-xl object-cover" />}
      <ModalTitle>{u.upgrade_paywall_title ?? u.title}</ModalTitle>
      {u.description && <p className="text-sm text-neutral-600 dark:text-neutral-400">{u.description}</p>}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={dismiss}>
          Not now
        </button>
        <button
          type="button"
          className={buttonClassOf(u)}
          onClick={() => {
            close();
            click(u);
          }}
        >
          {buttonTextOf(u)}
        </button>
      </div>
    </div>
  );
}
