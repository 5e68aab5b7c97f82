// A partner's logo (when its configuration includes one on the landing page), title and description.
import type { Partner } from '../../../../generated/react-query/model';

export function PartnerHeader({ partner }: { partner: Partner }) {
  return (
    <header className="space-y-2 text-center">
      {partner.includeLandingLogo && partner.logoUrl && <img src={partner.logoUrl} alt={partner.name} className="mx-auto h-12 w-auto" />}
      <h1 className="text-2xl font-semibold tracking-tight">{partner.messages.title}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{partner.messages.description}</p>
      <p className="text-sm text-neutral-500">
        {partner.currencySymbol}
        {partner.defaultPrice}/{partner.billingPeriod}
      </p>
    </header>
  );
}
