// The modal place (seed 002 app_location "modal"): the first upsell served there opens in the
// modal host once per page load; its button does what its kind says.
import { useEffect, useRef } from 'react';
import { useModals } from '../../platform/modals/context';
import { useUpsells } from './use-upsells';

export function UpsellModalHost() {
  const [first] = useUpsells('modal');
  const modals = useModals();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!first || opened.current === first.name) return;
    opened.current = first.name;
    modals.open('upsell', { upsell: first });
  }, [first, modals]);
  return null;
}
