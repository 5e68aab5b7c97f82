// The subscription success modal (seed 000's "subscription success"): shown once a checkout has
// gone through, it reads the subscription as the server now has it (confirmed by Stripe's
// webhook, never by the browser's word) and lists what the plan unlocks.
import { useGetSubscription } from '../../../../generated/react-query/billing/billing';
import type { Subscription } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ModalTitle } from '../../ui/modal-parts';
import { UNLOCKS } from './plan-card';

const NAME = { free: 'Free', pro: 'Pro', max: 'Max', enterprise: 'Enterprise' } as const;

export default function SubscriptionSuccessModal({ close }: ModalProps) {
  const sub = useGetSubscription({
    query: {
      select: (r) => r.data as Subscription,
      refetchInterval: (q) => ((q.state.data?.data as Subscription | undefined)?.plan === 'free' ? 2_000 : false),
    },
  });
  const s = sub.data;
  return (
    <div className="space-y-4">
      <ModalTitle>Subscription</ModalTitle>
      {sub.isError && <p role="alert">{problemMessage(sub.error)}</p>}
      {sub.isPending && <p className="text-sm text-neutral-500">Loading your subscription…</p>}
      {s && s.plan === 'free' && <p role="status">Your payment is being confirmed. This updates as soon as it is.</p>}
      {s && s.plan !== 'free' && (
        <>
          <p role="status" className="font-medium">{`You are on ${NAME[s.plan]}.`}</p>
          <ul className="list-inside list-disc text-sm text-neutral-600 dark:text-neutral-400">
            {UNLOCKS.filter(([k]) => s.capabilities[k]).map(([k, text]) => (
              <li key={k}>{text}</li>
            ))}
          </ul>
        </>
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
