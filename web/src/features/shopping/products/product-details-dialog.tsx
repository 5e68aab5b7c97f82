// A product's details (seed 002 §7 fetch-product-details, 4 s): its images, description, rating,
// merchant and every option (size, colour); choosing an option shows its own price, image and
// availability. Try it on dresses the person's avatar in the option's picture; Buy closes the
// sheet and opens the shopping payment modal with the chosen option (a Shopify store's product is
// bought at the store's checkout instead: store-checkout.tsx); the merchant's page is a link. A
// failure says why in the server's words (no merchant set up, a product no longer
// offered), or that it could not be loaded (the 4 s limit), with a retry.
import { useQuery } from '@tanstack/react-query';
import * as Dialog from 'radix-ui/dialog';
import { useContext, useState } from 'react';
import { fetchProductDetails } from '../../../../../generated/react-query/shopping/shopping';
import type { ProductDetails } from '../../../../../generated/react-query/model';
import { ModalContext } from '../../../platform/modals/context';
import { problemMessage } from '../../../platform/problem';
import { ExternalLink, X } from '../../../ui/icons';
import { formatMoney } from '../../billing/pricing';
import { TryOnButton } from '../try-on';
import { ProductRating } from './product-rating';
import { StoreCheckout } from './store-checkout';

/** The seed's timeout of fetch-product-details. */
export const PRODUCT_DETAILS_TIMEOUT_MS = 4000;
export const PRODUCT_DETAILS_FAILED = 'The product could not be loaded.';

export function ProductDetailsDialog({ optionKey, onClose }: { optionKey: string; onClose: () => void }) {
  const details = useQuery({
    queryKey: ['product-details', optionKey],
    retry: false,
    queryFn: async ({ signal }) =>
      (await fetchProductDetails({ option_key: optionKey }, { signal: AbortSignal.any([signal, AbortSignal.timeout(PRODUCT_DETAILS_TIMEOUT_MS)]) }))
        .data as ProductDetails,
  });
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {/* Under the modal host's modals (z 50 and up): try-on onboarding opens above the sheet. */}
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-[41] max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-6 text-neutral-900 shadow-2xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100"
        >
          <Dialog.Close className="btn-ghost absolute top-3 right-3 !p-1.5" aria-label="Close">
            <X className="size-4" />
          </Dialog.Close>
          {details.data ? (
            <ProductBody product={details.data} onClose={onClose} />
          ) : details.isError ? (
            <div className="flex flex-col items-start gap-3">
              <Dialog.Title className="text-lg font-semibold">Product</Dialog.Title>
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {problemMessage(details.error, PRODUCT_DETAILS_FAILED)}
              </p>
              <button type="button" className="btn-secondary" onClick={() => void details.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <>
              <Dialog.Title className="sr-only">Loading the product</Dialog.Title>
              <div className="h-64 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" role="status" aria-label="Loading the product" />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProductBody({ product, onClose }: { product: ProductDetails; onClose: () => void }) {
  const modals = useContext(ModalContext);
  const [selected, setSelected] = useState(product.selected_option_key);
  const option = product.options.find((o) => o.option_key === selected) ?? product.options[0]!;
  const image = option.image_url ?? product.images[0] ?? null;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {image ? (
        <img
          src={image}
          alt={`${product.title}, ${option.label}`}
          className="aspect-square w-full rounded-xl bg-neutral-100 object-cover dark:bg-neutral-800"
        />
      ) : (
        <div className="aspect-square w-full rounded-xl bg-neutral-100 dark:bg-neutral-800" aria-hidden />
      )}
      <div className="flex flex-col gap-3">
        <Dialog.Title className="pr-8 text-lg font-semibold tracking-tight">{product.title}</Dialog.Title>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          {product.brand ? `${product.brand} · ` : ''}
          {product.merchant_name}
        </p>
        <ProductRating rating={product.rating} reviews={product.review_count} />
        <p className="text-xl font-semibold" data-testid="product-details-price">
          {formatMoney(option.price_minor, option.currency)}
        </p>
        {product.options.length > 1 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Options</legend>
            <div className="flex flex-wrap gap-2">
              {product.options.map((o) => (
                <label
                  key={o.option_key}
                  className="cursor-pointer rounded-lg border border-neutral-300 px-3 py-1.5 text-sm has-[:checked]:border-neutral-900 has-[:checked]:bg-neutral-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 dark:border-neutral-700 dark:has-[:checked]:border-white dark:has-[:checked]:bg-white dark:has-[:checked]:text-neutral-900"
                >
                  <input
                    type="radio"
                    name="product-option"
                    value={o.option_key}
                    checked={o.option_key === selected}
                    onChange={() => setSelected(o.option_key)}
                    className="sr-only"
                  />
                  {o.label}
                  {!o.available && ' (out of stock)'}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <p className="text-sm">
          {option.available
            ? option.availability === 'in_stock'
              ? 'In stock'
              : option.availability === 'preorder'
                ? 'Preorder'
                : 'Backorder'
            : 'Out of stock'}
        </p>
        {product.description && <p className="text-sm text-neutral-700 dark:text-neutral-300">{product.description}</p>}
        {image && <TryOnButton productImageUrl={image} />}
        <div className="mt-auto flex flex-wrap gap-2">
          {/* A Shopify store takes the payment at its own checkout. */}
          {product.merchant_kind === 'shopify' && (
            <StoreCheckout key={option.option_key} optionKey={option.option_key} merchantName={product.merchant_name} available={option.available} />
          )}
          {modals && product.merchant_kind !== 'shopify' && (
            <button
              type="button"
              className="btn-primary"
              disabled={!option.available}
              onClick={() => {
                // The payment takes the sheet's place: one dialog at a time holds the focus.
                onClose();
                modals.open('shoppingPayment', {
                  optionKey: option.option_key,
                  title: product.title,
                  optionLabel: option.label,
                  priceMinor: option.price_minor,
                  currency: option.currency,
                  imageUrl: image,
                });
              }}
            >
              Buy
            </button>
          )}
          <a href={option.link} target="_blank" rel="noopener noreferrer nofollow" className="btn-secondary">
            <ExternalLink className="size-4" /> View at {product.merchant_name}
          </a>
        </div>
      </div>
    </div>
  );
}
