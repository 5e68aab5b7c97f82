// Why a Research report did not start, in the server's words, with the way on: without a
// configured model, a quick answer to the same question; past the plan's quota, the upgrade
// (the seed's pro_upgrade action: the pricing page), where plans can be bought.
import { Link } from 'react-router';
import { AlertCircle } from '../../ui/icons';
import { useStartThread } from '../ask/use-start-thread';
import { PRICING_PATH } from '../upsells/plan';
import { useServerFeatures } from '../../platform/server-features';

export const RESEARCH_REFUSALS = new Set(['research_needs_model', 'research_quota_reached']);

export function ResearchRefusal({ code, detail, question }: { code: string; detail: string; question: string }) {
  const startThread = useStartThread();
  // Where nothing can be bought (billing off) there is no upgrade to offer.
  const billing = useServerFeatures()?.billing ?? false;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <AlertCircle className="size-4 shrink-0" />
      <span className="flex-1">{detail}</span>
      {code === 'research_needs_model' ? (
        <button type="button" className="btn-secondary !py-1" onClick={() => startThread(question, { ask: { answer_depth: 'quick' } })}>
          Ask for a quick answer
        </button>
      ) : (
        billing && (
          <Link to={PRICING_PATH} className="btn-secondary !py-1">
            Upgrade
          </Link>
        )
      )}
    </div>
  );
}
