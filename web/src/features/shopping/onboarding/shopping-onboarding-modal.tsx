// The 'shopping onboarding' modal (seed 000 §2 names it; what it says is ours): how shopping in
// answers works on this server, shown once the first time a person sees product cards and again
// from the Products heading. It names the merchants the operator connected, says plainly what is
// not set up (no merchant, no payments, no try-on), and leads to the avatar and to purchases.
import { Link } from 'react-router';
import { useListMerchantFeeds } from '../../../../../generated/react-query/shopping/shopping';
import type { ListMerchantFeeds200 } from '../../../../../generated/react-query/model';
import { useModals } from '../../../platform/modals/context';
import type { ModalProps } from '../../../platform/modals/types';
import { useServerFeatures } from '../../../platform/server-features';
import { useSession } from '../../../platform/session';
import { ModalTitle } from '../../../ui/modal-parts';
import { SHOPPING_ONBOARDING_TEXT as TEXT } from './texts';

export default function ShoppingOnboardingModal({ close }: ModalProps) {
  const features = useServerFeatures();
  const { user } = useSession();
  const { open } = useModals();
  const feeds = useListMerchantFeeds({ query: { retry: false, select: (r) => (r.data as ListMerchantFeeds200).merchants } });
  const names = (feeds.data ?? []).map((m) => m.merchant_name);

  return (
    <div className="flex flex-col gap-4" data-testid="shopping-onboarding">
      <ModalTitle>{TEXT.title}</ModalTitle>
      {features?.shopping === false ? (
        <p className="text-sm">{TEXT.noMerchant}</p>
      ) : (
        <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-700 dark:text-neutral-300">
          <li>
            {TEXT.cards}
            {names.length > 0 && ` ${TEXT.merchantsAre(names)}`}
          </li>
          <li>{features?.billing === false ? TEXT.noPayments : TEXT.pay}</li>
          <li>{features?.try_on === false ? TEXT.noTryOn : TEXT.tryOn}</li>
          <li>
            {TEXT.purchasesBefore}
            <Link to="/account/purchases" className="underline" onClick={close}>
              {TEXT.purchasesLink}
            </Link>
            {TEXT.purchasesAfter}
          </li>
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {features?.shopping && features.try_on && user && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              close();
              open('shoppingTryOnOnboarding');
            }}
          >
            {TEXT.createAvatar}
          </button>
        )}
        <button type="button" className="btn-primary" onClick={close}>
          {TEXT.done}
        </button>
      </div>
    </div>
  );
}
