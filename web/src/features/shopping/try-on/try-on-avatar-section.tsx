// The try-on avatar on /account/details: where a person finds, replaces or deletes it.
import { useModals } from '../../../platform/modals/context';
import { useServerFeatures } from '../../../platform/server-features';
import { TRY_ON_TEXT } from './texts';

export function TryOnAvatarSection() {
  const available = useServerFeatures()?.try_on;
  const { open } = useModals();
  return (
    <section aria-labelledby="try-on-heading" className="space-y-2">
      <h2 id="try-on-heading" className="text-lg font-medium">
        Try-on avatar
      </h2>
      {available === false ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{TRY_ON_TEXT.unavailable}</p>
      ) : (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">The avatar you try products on. Only you see it.</p>
          <button type="button" className="btn-secondary" disabled={available === undefined} onClick={() => open('avatarManagement')}>
            Your avatar photo
          </button>
        </>
      )}
    </section>
  );
}
