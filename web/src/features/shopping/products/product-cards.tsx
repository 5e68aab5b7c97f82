// The product cards of an answer to a buying question (seed 002 §7 search-shopping-for-entry):
// asked once the answer is done, so the answer never waits for them, and only where the server has
// merchants (features.shopping). Each card shows the product's image, price, merchant and rating
// and opens its details. No cards (not a buying question, nothing found, any failure): nothing shown.
// The first cards on a device open the shopping onboarding; the heading's button opens it again.
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { searchShoppingForEntry } from '../../../../../generated/react-query/shopping/shopping';
import type { ShoppingWidget } from '../../../../../generated/react-query/model';
import { ModalContext } from '../../../platform/modals/context';
import { useServerFeatures } from '../../../platform/server-features';
import { getSettings, updateSettings } from '../../../platform/settings/store';
import { SHOPPING_ONBOARDING_SHOWN, SHOPPING_ONBOARDING_TEXT } from '../onboarding/texts';
import { formatMoney } from '../../billing/pricing';
import { ProductDetailsDialog } from './product-details-dialog';
import { ProductRating } from './product-rating';

type Props = {
  backendUuid: string;
  query: string;
  /** The thread's context_uuid: the entry's read_write_token. */
  token: string;
};

export const shoppingWidgetsKey = (backendUuid: string) => ['shopping-widgets', backendUuid] as const;

export function ProductCards({ backendUuid, query, token }: Props) {
  const shopping = useServerFeatures()?.shopping ?? false;
  const [open, setOpen] = useState<string | null>(null);
  const widgets = useQuery({
    queryKey: shoppingWidgetsKey(backendUuid),
    enabled: shopping,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) =>
      ((await searchShoppingForEntry({ query, read_write_token: token, entry_uuid: backendUuid }, { signal })).data as { shopping_widgets: ShoppingWidget[] })
        .shopping_widgets,
  });
  const cards = widgets.data ?? [];
  const modals = useContext(ModalContext);
  const showing = shopping && cards.length > 0;
  useEffect(() => {
    if (!showing || !modals || getSettings().impressionCounters[SHOPPING_ONBOARDING_SHOWN]) return;
    updateSettings((s) => ({ impressionCounters: { ...s.impressionCounters, [SHOPPING_ONBOARDING_SHOWN]: Date.now() } }));
    modals.open('shoppingOnboarding');
  }, [showing, modals]);
  if (!showing) return null;
  return (
    <section aria-label="Products" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">Products</h3>
        {modals && (
          <button
            type="button"
            className="text-xs text-neutral-500 underline hover:text-neutral-800 dark:hover:text-neutral-200"
            onClick={() => modals.open('shoppingOnboarding')}
          >
            {SHOPPING_ONBOARDING_TEXT.howItWorks}
          </button>
        )}
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((w) => (
          <li key={w.option_key}>
            <button
              type="button"
              onClick={() => setOpen(w.option_key)}
              className="flex h-full w-full flex-col gap-1.5 rounded-xl border border-neutral-200 p-2 text-left hover:border-neutral-400 focus-visible:outline-2 dark:border-neutral-800 dark:hover:border-neutral-600"
              aria-label={`${w.title}, ${formatMoney(w.price_minor, w.currency)} at ${w.merchant_name}`}
            >
              {w.image_url ? (
                <img src={w.image_url} alt="" loading="lazy" className="aspect-square w-full rounded-lg bg-neutral-100 object-cover dark:bg-neutral-900" />
              ) : (
                <div className="aspect-square w-full rounded-lg bg-neutral-100 dark:bg-neutral-900" aria-hidden />
              )}
              <span className="line-clamp-2 text-sm font-medium">{w.title}</span>
              <span className="text-sm font-semibold" data-testid="product-price">
                {formatMoney(w.price_minor, w.currency)}
              </span>
              <span className="flex flex-wrap items-center justify-between gap-1 text-xs text-neutral-500 dark:text-neutral-400">
                <span>{w.merchant_name}</span>
                <ProductRating rating={w.rating} reviews={w.review_count} />
              </span>
              {!w.available && <span className="text-xs text-red-600 dark:text-red-400">Out of stock</span>}
            </button>
          </li>
        ))}
      </ul>
      {open && <ProductDetailsDialog optionKey={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
