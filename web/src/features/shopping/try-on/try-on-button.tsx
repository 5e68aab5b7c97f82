// Trying a product on (seed 000 §7 generate-shopping-try-on, 35 s, four progress steps): the
// product details mount <TryOnButton productImageUrl=… />. Without an avatar it opens the try-on
// onboarding; a visitor is asked to sign in; a server with no image provider says so plainly.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useModals } from '../../../platform/modals/context';
import { useServerFeatures } from '../../../platform/server-features';
import { useSession } from '../../../platform/session';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { TRY_ON_LIMITS, TRY_ON_TEXT } from './texts';
import { avatarQueryKey, readAvatar, tryOnProduct } from './try-on-calls';
import { TryOnProgress } from './try-on-progress';

export function TryOnButton({ productImageUrl }: { productImageUrl: string }) {
  const available = useServerFeatures()?.try_on;
  const { user } = useSession();
  const { open } = useModals();
  const avatar = useQuery({ queryKey: avatarQueryKey(), queryFn: readAvatar, enabled: !!user && available === true });
  const avatarUrl = avatar.data?.try_on_photo_url ?? null;
  const tryOn = useMutation({
    mutationFn: (imageUrl: string) => tryOnProduct({ image_url: imageUrl, product_image_url: productImageUrl }),
    onError: () => toast.error(TRY_ON_TEXT.tryOnFailed, { duration: TOAST_DURATION.long }),
  });

  if (available === false) return <p className="text-sm text-neutral-600 dark:text-neutral-400">{TRY_ON_TEXT.unavailable}</p>;

  const start = () => {
    if (!user) return void open('login', { origin: 'try-on', title: 'Sign in to try this on' });
    if (!avatarUrl) return void open('shoppingTryOnOnboarding');
    tryOn.mutate(avatarUrl);
  };
  const result = tryOn.data?.status === 'success' ? tryOn.data.image_url : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={tryOn.isPending || available === undefined} onClick={start}>
          {result ? 'Try on again' : 'Try it on'}
        </button>
        {avatarUrl && (
          <button type="button" className="btn-secondary" onClick={() => open('avatarManagement')}>
            Your avatar
          </button>
        )}
      </div>
      {tryOn.isPending && <TryOnProgress timeoutMs={TRY_ON_LIMITS.tryOnTimeoutMs} label="Trying it on…" />}
      {result && !tryOn.isPending && <img src={result} alt="You wearing this product" className="max-h-96 rounded-xl object-contain" />}
    </div>
  );
}
