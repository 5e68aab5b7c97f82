// Stops an anonymous visitor's first move away from an answered thread once per cooldown and
// asks "Lose your answer?"; leaving anyway goes where they were going.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate, type BlockerFunction } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { getSettings, updateSettings } from '../../platform/settings/store';
import { LOSS_AVERSION_COUNTER, lossAversionDue } from './loss-aversion';

export function useLossAversion(p: { anonymous: boolean; hasAnswer: boolean }) {
  const modals = useModals();
  const navigate = useNavigate();
  const latest = useRef({ p, open: modals.open, navigate });
  latest.current = { p, open: modals.open, navigate };
  // One blocker function for the page's life; it reads the latest facts when asked.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== currentLocation.pathname &&
      lossAversionDue({
        pathname: currentLocation.pathname,
        ...latest.current.p,
        lastShownAt: getSettings().impressionCounters[LOSS_AVERSION_COUNTER],
        now: Date.now(),
      }),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // Runs once per blocked move (only the state is a dependency: opening the modal changes the
  // modal API, and a blocker still reading 'blocked' must not open it twice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only blocker.state may trigger it (see above); its location and reset are read at that moment.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const target = blocker.location;
    // Shown now, so the cooldown starts now and leaving is not stopped again.
    updateSettings((s) => ({ impressionCounters: { ...s.impressionCounters, [LOSS_AVERSION_COUNTER]: Date.now() } }));
    blocker.reset();
    latest.current.open('lossAversion', { onLeave: () => latest.current.navigate(`${target.pathname}${target.search}${target.hash}`) });
  }, [blocker.state]);
}
