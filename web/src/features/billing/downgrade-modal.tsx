// The Max to Pro downgrade (seed 002 §2 and §4): the old and new price and interval and the date
// the change takes effect, the next billing start; it is not immediate. On success the toast
// 'Subscription updated'.
import { useQueryClient } from '@tanstack/react-query';
import { getGetSubscriptionQueryKey, useGetDowngradeQuote, useScheduleDowngrade } from '../../../../generated/react-query/billing/billing';
import type { DowngradeQuote } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { formatMoney } from './pricing';
import { SUBSCRIPTION_UPDATED } from './upgrade-modal';

const PER = { monthly: 'month', yearly: 'year' } as const;

/** A billing start as a reader's date, e.g. "March 3, 2027". */
export const billingDate = (iso: string | number) =>
  new Date(typeof iso === 'number' ? iso * 1000 : iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

export default function DowngradeModal({ close }: ModalProps) {
  const queryClient = useQueryClient();
  const quote = useGetDowngradeQuote({ query: { select: (r) => r.data as DowngradeQuote, retry: false, staleTime: 0, gcTime: 0 } });
  const schedule = useScheduleDowngrade({
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
  const q = quote.data;
  const error = quote.error ?? schedule.error;
  return (
    <div className="space-y-4" data-testid="downgrade-modal">
      <ModalTitle>Switch to Pro</ModalTitle>
      {q && (
        <div className="space-y-2 text-sm">
          <p className="flex justify-between" data-testid="downgrade-old-plan">
            <span>Max</span>
            <span className="tabular-nums">
              {formatMoney(q.old_product_price, q.currency)} / {PER[q.old_product_interval]}
            </span>
          </p>
          <p className="flex justify-between font-medium" data-testid="downgrade-new-plan">
            <span>Pro</span>
            <span className="tabular-nums">
              {formatMoney(q.new_product_price, q.currency)} / {PER[q.new_product_interval]}
            </span>
          </p>
          {q.next_billing_start_ts !== null && (
            <p className="text-neutral-600 dark:text-neutral-400" data-testid="downgrade-effective">
              Your plan changes to Pro on {billingDate(q.next_billing_start_ts)}, your next billing start. You keep Max until then.
            </p>
          )}
        </div>
      )}
      {!q && !error && <p className="text-sm text-neutral-500">Loading…</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="button" className="btn-primary" disabled={!q || schedule.isPending} onClick={() => schedule.mutate()}>
          Confirm
        </button>
      </div>
    </div>
  );
}
