// /account/org/billing: the organisation's subscription for its owners and admins (seed 002 §3,
// §6): its plan, which every member gets, the seats paid for and how it is paid, and the
// organisation's billing portal. Without one, the organisation checkout: Enterprise Pro or
// Enterprise Max (enterprise_pro is Pro, any other tier Max), monthly or yearly, paid by card
// through Stripe's page, or invoiced to a billing address. Not in the settings list (the list
// shows no fees): the details page links here for owners and admins.
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGetBillingPlans } from '../../../../generated/react-query/billing/billing';
import type { BillingPlans, OrgBilling } from '../../../../generated/react-query/model';
import { getOrgBillingPortal, useCreateOrgCheckout, useGetOrgBilling } from '../../../../generated/react-query/organizations/organizations';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { formatMoney } from '../billing/pricing';
import { OrgGate } from './org-gate';
import { isManager } from './org-sections';
import { useRefreshOrg } from './use-org';

export const ORG_BILLING_PATH = '/account/org/billing';
const NAME = { free: 'Free', pro: 'Pro', max: 'Max', enterprise: 'Enterprise' } as const;
const TIERS = [
  { id: 'enterprise_pro', label: 'Enterprise Pro', plan: 'pro' },
  { id: 'enterprise_max', label: 'Enterprise Max', plan: 'max' },
] as const;

export default function OrgBillingPage() {
  return (
    <OrgGate title="Billing">
      {({ orgUuid, details }) =>
        isManager(details.my_role) ? (
          <Billing orgUuid={orgUuid} />
        ) : (
          <p className="text-neutral-600 dark:text-neutral-400">Only owners and admins see the organisation's billing.</p>
        )
      }
    </OrgGate>
  );
}

function Billing({ orgUuid }: { orgUuid: string }) {
  const [params] = useSearchParams();
  const returned = params.get('success') === '1';
  const billing = useGetOrgBilling<OrgBilling, ApiError>(orgUuid, {
    // Back from Stripe: the webhook makes the subscription; look again until it has.
    query: {
      select: (r) => r.data as OrgBilling,
      refetchInterval: (q) => (returned && q.state.data?.data && (q.state.data.data as OrgBilling).status === 'none' ? 1000 : false),
    },
  });
  if (billing.isError) return <p role="alert">{problemMessage(billing.error)}</p>;
  const b = billing.data;
  if (!b) return <p className="text-neutral-500">Loading…</p>;
  const subscribed = b.status !== 'none' && b.status !== 'canceled';
  return (
    <div className="space-y-6">
      {subscribed ? (
        <section
          aria-label="Subscription"
          className="space-y-2 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
          data-testid="org-subscription"
        >
          <p className="font-medium">{`Plan: ${NAME[b.plan]}${b.interval ? ` (${b.interval === 'yearly' ? 'Yearly' : 'Monthly'})` : ''}`}</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{`Every member of the organisation has ${NAME[b.plan]}.`}</p>
          <p className="text-sm" data-testid="org-seats">{`Seats: ${b.seats ?? '–'} · Members: ${b.member_count}`}</p>
          <p className="text-sm">{b.collection_method === 'send_invoice' ? 'Paid by invoice' : 'Paid by card'}</p>
        </section>
      ) : returned ? (
        <p role="status">Your payment is being confirmed.</p>
      ) : (
        <OrgCheckout orgUuid={orgUuid} memberCount={b.member_count} />
      )}
      {b.has_billing_account && <PortalButton orgUuid={orgUuid} />}
    </div>
  );
}

function PortalButton({ orgUuid }: { orgUuid: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await getOrgBillingPortal(orgUuid, { locale: navigator.language });
          window.location.assign((res.data as { url: string }).url);
        } catch (err) {
          console.warn('organisation billing portal open failed', err);
          toast.error(problemMessage(err), { duration: TOAST_DURATION.long });
          setBusy(false);
        }
      }}
    >
      Billing portal
    </button>
  );
}

function OrgCheckout({ orgUuid, memberCount }: { orgUuid: string; memberCount: number }) {
  const plans = useGetBillingPlans({ query: { select: (r) => r.data as BillingPlans } });
  const refresh = useRefreshOrg(orgUuid);
  const [tier, setTier] = useState<(typeof TIERS)[number]['id']>('enterprise_max');
  const [interval, setInterval] = useState<'monthly' | 'yearly'>('monthly');
  const [method, setMethod] = useState<'charge_automatically' | 'send_invoice'>('charge_automatically');
  const [address, setAddress] = useState({ line1: '', city: '', postal_code: '', country: '' });
  const checkout = useCreateOrgCheckout({
    mutation: {
      onSuccess: async (r) => {
        const body = r.data as { url: string | null; invoiced: boolean };
        if (body.url) window.location.assign(body.url);
        else await refresh();
      },
    },
  });
  if (plans.data && !plans.data.configured) return <p>Billing is not configured on this server: nothing can be bought here.</p>;
  const plan = plans.data?.plans.find((p) => p.id === TIERS.find((t) => t.id === tier)?.plan);
  const price = plan?.prices.find((p) => p.interval === interval);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    checkout.mutate({
      orgUuid,
      data: {
        tier,
        interval,
        collection_method: method,
        billing_address: method === 'send_invoice' ? { ...address, country: address.country.toUpperCase() } : null,
        locale: navigator.language,
        origin: 'org-billing',
      },
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Organisation checkout">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium">Plan</legend>
        {TIERS.map((t) => (
          <label key={t.id} className="flex items-center gap-2">
            <input type="radio" name="tier" checked={tier === t.id} onChange={() => setTier(t.id)} />
            {t.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium">Billing period</legend>
        {(['monthly', 'yearly'] as const).map((i) => (
          <label key={i} className="flex items-center gap-2">
            <input type="radio" name="interval" checked={interval === i} onChange={() => setInterval(i)} />
            {i === 'monthly' ? 'Monthly' : 'Yearly'}
          </label>
        ))}
      </fieldset>
      {price && (
        <p className="text-sm" data-testid="org-checkout-price">
          {`${formatMoney(price.price_minor_units, price.currency)} per seat / ${interval === 'yearly' ? 'year' : 'month'} × ${Math.max(1, memberCount)} seats`}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium">Payment</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="method" checked={method === 'charge_automatically'} onChange={() => setMethod('charge_automatically')} />
          Card
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="method" checked={method === 'send_invoice'} onChange={() => setMethod('send_invoice')} />
          Invoice
        </label>
      </fieldset>
      {method === 'send_invoice' && (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Billing address</legend>
          {(
            [
              ['line1', 'Address'],
              ['city', 'City'],
              ['postal_code', 'Postal code'],
              ['country', 'Country (two letters)'],
            ] as const
          ).map(([key, label]) => (
            <input
              key={key}
              className="input"
              aria-label={label}
              placeholder={label}
              required
              maxLength={key === 'country' ? 2 : 200}
              value={address[key]}
              onChange={(e) => setAddress((a) => ({ ...a, [key]: e.target.value }))}
            />
          ))}
        </fieldset>
      )}
      {checkout.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(checkout.error)}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={checkout.isPending || !plans.data}>
        {method === 'send_invoice' ? 'Subscribe by invoice' : 'Continue to payment'}
      </button>
    </form>
  );
}
