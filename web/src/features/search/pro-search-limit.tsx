// Said on an answer asked with Pro Search that came back a quick search: a visitor gets the
// sign-up card's prompt (seed 003: 'Unlock Pro Search and History', opening the login modal), a
// person past their plan's daily Pro Searches the Pro upgrade (the pricing page).
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import type { ProSearchLimit } from '../../../../generated/sdk/types.gen';
import { ModalContext } from '../../platform/modals/context';
import { Lock } from '../../ui/icons';
import { PRICING_PATH } from '../upsells/plan';

export function ProSearchLimitCard({ limit }: { limit: ProSearchLimit }) {
  const modals = useContext(ModalContext);
  const navigate = useNavigate();
  const signIn = limit.reason === 'sign_in';
  return (
    <aside
      aria-label="Pro Search unavailable"
      className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-950/40"
    >
      <Lock className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <div className="flex-1">
        <p className="font-medium text-neutral-900 dark:text-neutral-50">{limit.title}</p>
        <p className="text-neutral-600 dark:text-neutral-300">{limit.description}</p>
      </div>
      {signIn ? (
        modals && (
          <button
            type="button"
            onClick={() => modals.open('login', { origin: 'pro-search', title: limit.description })}
            className="rounded-full bg-neutral-900 px-3 py-1 text-xs font-medium text-white dark:bg-white dark:text-neutral-900"
          >
            Sign in
          </button>
        )
      ) : (
        <button
          type="button"
          onClick={() => navigate(PRICING_PATH)}
          className="rounded-full bg-neutral-900 px-3 py-1 text-xs font-medium text-white dark:bg-white dark:text-neutral-900"
        >
          Upgrade
        </button>
      )}
    </aside>
  );
}
