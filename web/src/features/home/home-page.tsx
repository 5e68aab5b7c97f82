// Home: the ask box, centred, with the shortcut hints, and the finance, sports and F1 widgets
// (loaded after the ask box, so they never delay it).
import { lazy, Suspense, useEffect, useState } from 'react';
import { currentPlatform } from '../../platform/environment';
import { useSession } from '../../platform/session';
import { useSettings } from '../../platform/settings/store';
import { displayKeys } from '../../platform/shortcuts/keys';
import { effectiveBindings } from '../../platform/shortcuts/registry';
import { AskBox } from '../ask/ask-box';
import { UpsellModalHost } from '../upsells/upsell-modal-host';
import { UpsellSlot } from '../upsells/upsell-slot';

const FinanceWidget = lazy(() => import('../watchlist/finance-widget'));
const F1Widget = lazy(() => import('../watchlist/f1-widget'));
const SportsWidget = lazy(() => import('../watchlist/sports-widget'));

/** True once the ask box has been painted: the widgets' code and data are asked for only then. */
function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the commit is painted; the timeout runs once that paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export default function HomePage() {
  const platform = currentPlatform();
  const { shortcuts } = useSettings();
  const { user } = useSession();
  const painted = useAfterFirstPaint();
  const bindings = effectiveBindings(platform, shortcuts);
  const hint = (keys: string[] | undefined) => keys?.map((k) => <kbd key={k}>{k}</kbd>);
  const focus = bindings.focusAsk?.[0];
  const help = bindings.showShortcuts?.[0];

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col items-center justify-center px-4 pb-24">
      <h1 className="mb-8 text-center text-3xl font-semibold tracking-tight text-neutral-900 sm:text-4xl dark:text-neutral-50">What do you want to know?</h1>
      <AskBox />
      {/* Key hints are for a keyboard: not shown at a phone's width. */}
      <p className="mt-4 hidden flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-neutral-500 md:flex dark:text-neutral-400">
        {focus && <span className="inline-flex items-center gap-1.5">{hint(displayKeys(focus, platform.os))} to focus</span>}
        {help && <span className="inline-flex items-center gap-1.5">{hint(displayKeys(help, platform.os))} for shortcuts</span>}
      </p>
      {user && painted && (
        <Suspense fallback={null}>
          <FinanceWidget />
          <SportsWidget />
          <F1Widget />
        </Suspense>
      )}
      <UpsellSlot location="side_card" className="mt-8 w-full max-w-md" />
      <UpsellModalHost />
    </div>
  );
}
