// The ask box's model: a picker of the server's models for a person whose plan lets them choose
// (starting at their default, account > assistant); for another signed-in person the Max upsell,
// which opens the pricing page, or the picker locked with the reason where nothing can be bought.
import { useNavigate } from 'react-router';
import { useGetAssistantSettings } from '../../../../generated/react-query/account-settings/account-settings';
import type { AssistantSettings } from '../../../../generated/react-query/model';
import { useServerFeatures } from '../../platform/server-features';
import { useSession } from '../../platform/session';
import { Cpu, Lock } from '../../ui/icons';
import { PRICING_PATH } from '../upsells/plan';
import { MODEL_CHOICE_NEEDS_MAX, MODEL_CHOICE_UPSELL, modelChoiceOffer } from './model-choice';

const PILL =
  'inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200';

/** `model`: the one chosen for the next question (null: the person's default). */
export function ModelPicker({ model, onChange }: { model: string | null; onChange: (model: string | null) => void }) {
  const { user } = useSession();
  const billing = useServerFeatures()?.billing ?? false;
  const navigate = useNavigate();
  const settings = useGetAssistantSettings({ query: { enabled: !!user, staleTime: 60_000, select: (r) => r.data as AssistantSettings } }).data;
  const offer = modelChoiceOffer(user, settings, billing);
  if (offer === 'none' || !settings) return null;
  if (offer === 'upsell')
    return (
      <button type="button" onClick={() => navigate(PRICING_PATH)} className={PILL} title={MODEL_CHOICE_NEEDS_MAX}>
        <Lock className="size-3.5" /> {MODEL_CHOICE_UPSELL}
      </button>
    );
  const first = settings.models.find((m) => m.id === settings.default_model) ?? settings.models[0];
  return (
    <span className={PILL} title={offer === 'locked' ? MODEL_CHOICE_NEEDS_MAX : undefined}>
      <Cpu className="size-3.5" aria-hidden />
      <select
        aria-label="Model"
        aria-description={offer === 'locked' ? MODEL_CHOICE_NEEDS_MAX : undefined}
        disabled={offer === 'locked'}
        value={offer === 'locked' ? first.id : (model ?? settings.default_model)}
        onChange={(e) => onChange(e.target.value === settings.default_model ? null : e.target.value)}
        className="bg-transparent"
      >
        {settings.models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </span>
  );
}
