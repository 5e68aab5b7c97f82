// The upsells of one place of the app (seed 002 §3 app_location), each a card whose button does
// what its kind says. Nothing is drawn while none is served.
import clsx from 'clsx';
import type { UpsellAppLocation } from '../../../../generated/react-query/model';
import { UpsellCard } from './upsell-card';
import { type UpsellPlace, useUpsellClick } from './use-upsell-click';
import { useUpsells } from './use-upsells';

export function UpsellSlot({ location, className, compact, ...place }: UpsellPlace & { location: UpsellAppLocation; className?: string; compact?: boolean }) {
  const upsells = useUpsells(location, { threadId: place.threadId });
  const click = useUpsellClick(place);
  if (!upsells.length) return null;
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {upsells.map((u) => (
        <UpsellCard key={u.name} upsell={u} onClick={click} compact={compact} />
      ))}
    </div>
  );
}
