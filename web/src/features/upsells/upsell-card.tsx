// One upsell as a card: its image, title, description and button, in the seed's button colours.
import clsx from 'clsx';
import { Download, FlaskConical } from '../../ui/icons';
import type { Upsell } from '../../../../generated/react-query/model';

const BUTTON: Record<NonNullable<Upsell['button_color']>, string> = {
  max_gold: 'bg-amber-400 text-neutral-900 hover:bg-amber-300',
  primary: 'bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200',
  inverted: 'bg-white text-neutral-900 ring-1 ring-neutral-200 hover:bg-neutral-100 dark:bg-neutral-900 dark:text-white dark:ring-neutral-700',
  secondary: 'bg-neutral-100 text-neutral-900 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-white dark:hover:bg-neutral-700',
};

export const buttonTextOf = (u: Upsell) => u.button_text ?? u.cta ?? 'Continue';
export const buttonClassOf = (u: Upsell) => clsx('rounded-full px-3 py-1.5 text-sm font-medium transition-colors', BUTTON[u.button_color ?? 'primary']);

function Icon({ upsell }: { upsell: Upsell }) {
  if (upsell.icon_reference === 'labs') return <FlaskConical aria-hidden className="size-4 shrink-0" />;
  if (upsell.icon_reference === 'comet_download') return <Download aria-hidden className="size-4 shrink-0" />;
  return null;
}

export function UpsellCard({ upsell, onClick, compact }: { upsell: Upsell; onClick: (u: Upsell) => void; compact?: boolean }) {
  return (
    <section
      aria-label={upsell.title}
      data-upsell={upsell.name}
      data-location={upsell.app_location}
      className={clsx(
        'flex gap-3 rounded-xl border border-neutral-200 bg-white p-3 text-sm dark:border-neutral-800 dark:bg-neutral-900',
        compact ? 'flex-col' : 'items-center',
      )}
    >
      {upsell.image_asset_low_res && !compact && <img src={upsell.image_asset_low_res} alt="" className="size-12 shrink-0 rounded-lg object-cover" />}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 font-medium text-neutral-900 dark:text-neutral-50">
          <Icon upsell={upsell} />
          {upsell.title}
        </p>
        {upsell.description && <p className="mt-0.5 text-neutral-600 dark:text-neutral-400">{upsell.description}</p>}
      </div>
      <button type="button" className={clsx(buttonClassOf(upsell), 'shrink-0 self-start')} onClick={() => onClick(upsell)}>
        {buttonTextOf(upsell)}
      </button>
    </section>
  );
}
