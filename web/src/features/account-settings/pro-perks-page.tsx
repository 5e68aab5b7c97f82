// /account/pro-perks: what the person's plan gives and what Pro gives, as the server is
// configured (its file limits and the operator's own perks). Nothing is promised beyond that.
import { useGetProPerks } from '../../../../generated/react-query/account-settings/account-settings';
import type { PlanPerk, PlanPerks } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { PlanPanel } from '../billing/plan-panel';
import { SubscriptionButton } from '../billing/subscription-button';
import { SaveStatus, SignedInOnly } from './signed-in-only';

const PLAN_NAME = { free: 'Free', pro: 'Pro', max: 'Max', enterprise: 'Enterprise' } as const;

export default function ProPerksPage() {
  const { user, isLoading } = useSession();
  return (
    <>
      <SignedInOnly title="Pro perks">
        <Perks />
      </SignedInOnly>
      {/* A visitor gets the subscription button too: it asks them to sign in. */}
      {!isLoading && !user && <SubscriptionButton origin="pro-perks" className="mt-4" />}
    </>
  );
}

function Perks() {
  const query = useGetProPerks({ query: { select: (r) => r.data as PlanPerks } });
  if (query.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(query.error)} />;
  const p = query.data;
  if (!p) return <p className="text-neutral-500">Loading…</p>;
  return (
    <div className="space-y-8">
      <PlanPanel origin="pro-perks" />
      <PerkList title={`Your plan: ${PLAN_NAME[p.plan]}`} perks={p.perks} />
      {p.plan === 'free' && <PerkList title="What Pro gives" perks={p.pro_perks} />}
    </div>
  );
}

function PerkList({ title, perks }: { title: string; perks: PlanPerk[] }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-medium">{title}</h2>
      <ul className="space-y-2">
        {perks.map((perk) => (
          <li key={perk.title} className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
            <p className="font-medium">{perk.title}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{perk.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
