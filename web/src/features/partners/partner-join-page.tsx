// /join/p/:partnerCode/:discountCode (seed 002 §2: "Partner signup, reached after a valid partner
// code and a signed-in user"): the partner's offer with the code applied, on to checkout with the
// code (the checkout reads `promotion_code`), or to the get-the-app screen. Signed out, the
// landing page's LOGIN step is where to go; an existing subscriber sees ALREADY_PRO there too.
import { Gift } from '../../ui/icons';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useGetPartner } from '../../../../generated/react-query/partners/partners';
import type { Partner } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { PartnerHeader } from './partner-header';
import { rememberPartner } from './partner-storage';
import { isExistingSubscriber } from './subscriber';

export default function PartnerJoinPage() {
  const { partnerCode = '', discountCode = '' } = useParams();
  const { user, isLoading } = useSession();
  const partner = useGetPartner<Partner, ApiError>(partnerCode, { query: { retry: false, select: (r) => r.data as Partner } });
  const p = partner.data;
  useEffect(() => {
    if (p) rememberPartner(p.code, discountCode);
  }, [p, discountCode]);

  if (partner.isPending || isLoading) return <p aria-live="polite">Loading…</p>;
  if (partner.isError || !p) return <PageMessage icon={<Gift className="size-5" />} title="No partner here" text={problemMessage(partner.error)} />;
  const landing = `/join/p/${encodeURIComponent(p.code)}?discount_code=${encodeURIComponent(discountCode)}`;
  if (!user || (isExistingSubscriber(user) && !p.allowExistingSubscribersToRedeem)) return <Navigate to={landing} replace />;
  const plan = p.billingPeriod === 'year' ? 'yearly' : 'monthly';
  const checkout = `/max/payment?plan=${plan}&promotion_code=${encodeURIComponent(discountCode)}`;
  return (
    <div className="mx-auto mt-10 w-full max-w-md space-y-5 px-4">
      <PartnerHeader partner={p} />
      <p className="rounded-xl bg-neutral-100 p-4 text-sm dark:bg-neutral-900">
        Code <strong>{discountCode}</strong> is applied for {user.email}. Finish at checkout; it is taken off your first payment.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={checkout} className="btn-primary">
          Continue to checkout
        </Link>
        <Link to={`/get-the-app?partner=${encodeURIComponent(p.code)}`} className="btn-secondary">
          Get the app
        </Link>
      </div>
    </div>
  );
}
