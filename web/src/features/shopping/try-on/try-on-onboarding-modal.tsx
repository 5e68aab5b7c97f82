// The 'shopping try-on onboarding' modal (seed 000 §2, §4): its five views over the onboarding
// store (onboarding-state.ts holds every transition rule). Closing while the avatar is generated
// leaves it generating and saves it when it comes; closing anywhere else starts over next time.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useModals } from '../../../platform/modals/context';
import type { ModalProps } from '../../../platform/modals/types';
import { useServerFeatures } from '../../../platform/server-features';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { ModalTitle } from '../../../ui/modal-parts';
import { dispatch, saveAvatar, useOnboarding } from './onboarding-store';
import { PhotoInput } from './photo-input';
import { SelfieCamera } from './selfie-camera';
import { TRY_ON_LIMITS, TRY_ON_TEXT } from './texts';
import { avatarQueryKey } from './try-on-calls';
import { TryOnProgress } from './try-on-progress';
import { TryOnUploadError, uploadTryOnImage } from './upload-image';

const UPLOAD_WORDS = { idle: '', uploading: 'Uploading…', processing: 'Processing…', success: 'Uploaded.', error: '' } as const;

async function upload(file: File, done: (url: string) => void) {
  dispatch({ type: 'upload_started' });
  try {
    const url = await uploadTryOnImage(file, () => dispatch({ type: 'upload_processing' }));
    done(url);
  } catch (err) {
    dispatch({ type: 'upload_failed' });
    toast.error(err instanceof TryOnUploadError ? err.message : TRY_ON_TEXT.uploadFailed, { duration: TOAST_DURATION.long });
  }
}

export default function TryOnOnboardingModal({ close }: ModalProps) {
  const queryClient = useQueryClient();
  const { open } = useModals();
  // The saved avatar is the person's at once: a refetch left "Try it on" opening this onboarding again for a moment.
  const s = useOnboarding({ onSaved: (avatar) => queryClient.setQueryData(avatarQueryKey(), avatar), showAvatar: () => open('avatarManagement') });
  const available = useServerFeatures()?.try_on;
  const [camera, setCamera] = useState(false);
  const busy = s.upload === 'uploading' || s.upload === 'processing';

  useEffect(() => {
    dispatch({ type: 'opened' });
    return () => dispatch({ type: 'closed' });
  }, []);

  if (available === false)
    return (
      <div className="flex flex-col gap-4">
        <ModalTitle>Try on</ModalTitle>
        <p className="text-sm">{TRY_ON_TEXT.unavailable} Ask the operator to set up an image provider.</p>
      </div>
    );

  return (
    <div className="flex flex-col gap-4" data-view={s.view}>
      {s.view === 'intro' && (
        <>
          <ModalTitle>Try on clothes with your avatar</ModalTitle>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Take a selfie and we make an avatar of you to try products on. Your photos and avatar are private to you; delete them any time.
          </p>
          <button type="button" className="btn-primary self-end" onClick={() => dispatch({ type: 'start' })}>
            Create your avatar
          </button>
        </>
      )}
      {s.view === 'create_avatar' && (
        <>
          <ModalTitle>Create your avatar</ModalTitle>
          {camera ? (
            <SelfieCamera
              onCancel={() => setCamera(false)}
              onPhoto={(file) => {
                setCamera(false);
                void upload(file, (url) => dispatch({ type: 'selfie_uploaded', url }));
              }}
            />
          ) : (
            <>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">A clear photo of your face, looking at the camera. Up to 10 MB.</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <button type="button" className="btn-primary" disabled={busy} onClick={() => setCamera(true)}>
                  Take a Selfie
                </button>
                <PhotoInput label="Upload a selfie" disabled={busy} onFile={(file) => void upload(file, (url) => dispatch({ type: 'selfie_uploaded', url }))} />
              </div>
            </>
          )}
          {UPLOAD_WORDS[s.upload] && (
            <p role="status" className="text-sm">
              {UPLOAD_WORDS[s.upload]}
            </p>
          )}
        </>
      )}
      {s.view === 'choose_body' && (
        <>
          <ModalTitle>Choose a body</ModalTitle>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Use a default body with your face, or a full-body photo of yours for a closer fit.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="button" className="btn-primary" disabled={busy} onClick={() => dispatch({ type: 'default_body_chosen' })}>
              Use a default body
            </button>
            <PhotoInput label="Use your body" disabled={busy} onFile={(file) => void upload(file, (url) => dispatch({ type: 'body_uploaded', url }))} />
          </div>
          <button type="button" className="self-start text-sm underline" disabled={busy} onClick={() => dispatch({ type: 'retry' })}>
            Retry with another selfie
          </button>
          {UPLOAD_WORDS[s.upload] && s.upload !== 'success' && (
            <p role="status" className="text-sm">
              {UPLOAD_WORDS[s.upload]}
            </p>
          )}
        </>
      )}
      {s.view === 'generating_avatar' && (
        <>
          <ModalTitle>Generating your avatar</ModalTitle>
          <TryOnProgress timeoutMs={TRY_ON_LIMITS.avatarTimeoutMs} label="Generating your avatar…" />
          <p className="text-xs text-neutral-500">You can close this: your avatar is saved when it is ready.</p>
        </>
      )}
      {s.view === 'confirm_avatar' && s.avatarUrl && (
        <>
          <ModalTitle>Your avatar</ModalTitle>
          <img src={s.avatarUrl} alt="Your new avatar" className="mx-auto max-h-96 rounded-xl object-contain" />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dispatch({ type: 'retry' })}>
              Retry
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={async () => {
                if (s.avatarUrl && (await saveAvatar(s.avatarUrl, false))) close();
              }}
            >
              Save avatar
            </button>
          </div>
        </>
      )}
    </div>
  );
}
