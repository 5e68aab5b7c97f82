// 'Confirm changes' (seed 002 §2): Pro to Max, 416 px wide. The current Pro plan with its price
// and interval, a divider labelled 'Upgrade', Max with its price and interval, then the lines of
// Stripe's invoice preview (payment method, Max's price, the adjustment, subtotal, tax, total due
// today). Cancel, Confirm, and the payment-fix button (the billing portal) when the card is
// missing, a payment failed or there is an error. The text is the variant's (upgrade-variant.ts).
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { getGetSubscriptionQueryKey, useGetUpgradeQuote, useUpgradeSubscription } from '../../../../generated/react-query/billing/billing';
import type { UpgradeQuote } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import type { ModalProps } from '../../platform/modals/types';
import { sessionQueryKey } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { openBillingPortal } from './open-billing';
import type { UpgradeModalArgs } from './upgrade-args';
import { formatMoney } from './pricing';
import { confirmable, type Problem, showsPaymentFix, upgradeVariant } from './upgrade-variant';

export const SUBSCRIPTION_UPDATED = 'Subscription updated';
export const PAYMENT_FIX_LABEL = 'Update payment method';
const PER = { monthly: 'month', yearly: 'year' } as const;

const problemOf = (err: unknown): Problem =>
  err ? (err instanceof ApiError ? { code: err.code, detail: err.problem.detail ?? null } : { code: 'network_error', detail: null }) : null;

export default function UpgradeModal({ args, close }: ModalProps<UpgradeModalArgs>) {
  const queryClient = useQueryClient();
  const quote = useGetUpgradeQuote({ query: { select: (r) => r.data as UpgradeQuote, retry: false, staleTime: 0, gcTime: 0 } });
  const [fixing, setFixing] = useState(false);
  const confirm = useUpgradeSubscription({
    mutation: {
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: sessionQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getGetSubscriptionQueryKey() }),
        ]);
        toast(SUBSCRIPTION_UPDATED, { duration: TOAST_DURATION.normal });
        close();
      },
    },
  });
  const q = quote.data ?? null;
  const money = (minor: number) => formatMoney(minor, q?.currency ?? 'usd');
  const variant = upgradeVariant({
    quote: q,
    quoteError: problemOf(quote.error),
    confirmError: problemOf(confirm.error),
    toContinue: args?.toContinue,
    formatTotal: (x) => formatMoney(x.total_due_today_price, x.currency),
  });
  const failed = variant.kind !== 'ready' && variant.kind !== 'upgrade-to-continue' && variant.kind !== 'loading';

  return (
    <div className="space-y-4" data-testid="upgrade-modal" data-variant={variant.kind}>
      <ModalTitle>Confirm changes</ModalTitle>
      {q && (
        <div className="space-y-2">
          <PlanLine name="Pro" price={money(q.old_product_price)} per={PER[q.old_product_interval]} testId="upgrade-old-plan" />
          {/* biome-ignore lint/a11y/useSemanticElements: a divider with a visible label; an <hr> cannot hold its text */}
          <div className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-neutral-500" role="separator" aria-label="Upgrade">
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
            Upgrade
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
          </div>
          <PlanLine name="Max" price={money(q.new_product_price)} per={PER[q.new_product_interval]} testId="upgrade-new-plan" />
          <dl
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-neutral-200 pt-3 text-sm dark:border-neutral-800"
            data-testid="upgrade-lines"
          >
            {[
              ['Payment method', q.payment_method ? `${capitalize(q.payment_method.brand)} •••• ${q.payment_method.last4}` : 'None'],
              ['Max', money(q.new_product_price)],
              ['Adjustment', money(q.adjustment_price)],
              ['Subtotal', money(q.subtotal_price)],
              ['Tax', money(q.tax_price)],
            ].map(([label, value]) => (
              <Fragment key={label}>
                <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
                <dd className="text-right tabular-nums">{value}</dd>
              </Fragment>
            ))}
            <dt className="font-semibold">Total due today</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="upgrade-total">
              {money(q.total_due_today_price)}
            </dd>
          </dl>
        </div>
      )}
      {variant.kind === 'loading' ? (
        <p className="text-sm text-neutral-500">Loading…</p>
      ) : (
        <p role={failed ? 'alert' : undefined} className={failed ? 'text-sm text-red-600 dark:text-red-400' : 'text-sm text-neutral-600 dark:text-neutral-400'}>
          {variant.text}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {showsPaymentFix(variant) && (
          <button
            type="button"
            className="btn-secondary"
            disabled={fixing}
            onClick={async () => {
              setFixing(true);
              if (!(await openBillingPortal())) setFixing(false);
            }}
          >
            {PAYMENT_FIX_LABEL}
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!confirmable(variant) || quote.isFetching || confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          Confirm
        </button>
      </div>
    </div>
  );
}

function PlanLine({ name, price, per, testId }: { name: string; price: string; per: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800" data-testid={testId}>
      <span className="font-medium">{name}</span>
      <span className="tabular-nums">
        {price} <span className="text-sm text-neutral-500">/ {per}</span>
      </span>
    </div>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
