// "Take a Selfie" (seed 000 §2, §4 camera capture): starting, live, captured, then retake or use
// photo, and an error state with retry. Front camera at an ideal 1280x720; the photo is a JPEG at
// quality 0.95 named selfie.jpg (§9). Without a camera the person uploads a photo instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA, TRY_ON_TEXT } from './texts';

type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: 'captured'; file: File; preview: string } | { kind: 'error'; message: string };

export function SelfieCamera({ onPhoto, onCancel }: { onPhoto: (file: File) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    setCamera({ kind: 'starting' });
    try {
      stop();
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: CAMERA.facingMode, width: { ideal: CAMERA.width }, height: { ideal: CAMERA.height } },
        audio: false,
      });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => {});
      }
      setCamera({ kind: 'live' });
    } catch {
      setCamera({ kind: 'error', message: TRY_ON_TEXT.cameraDenied });
    }
  }, [stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  const capture = () => {
    const v = video.current;
    const canvas = document.createElement('canvas');
    canvas.width = v?.videoWidth || CAMERA.width;
    canvas.height = v?.videoHeight || CAMERA.height;
    const context = canvas.getContext('2d');
    if (!v || !context) return setCamera({ kind: 'error', message: TRY_ON_TEXT.cameraFailed });
    context.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return setCamera({ kind: 'error', message: TRY_ON_TEXT.cameraFailed });
        const file = new File([blob], CAMERA.filename, { type: 'image/jpeg' });
        setCamera({ kind: 'captured', file, preview: URL.createObjectURL(blob) });
      },
      'image/jpeg',
      CAMERA.jpegQuality,
    );
  };

  useEffect(() => () => void (camera.kind === 'captured' && URL.revokeObjectURL(camera.preview)), [camera]);

  return (
    <section aria-label="Take a Selfie" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">Take a Selfie</h3>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-neutral-900">
        {/* Mirrored, as a front camera is expected to look; the photo itself is not mirrored. */}
        <video ref={video} muted playsInline className={camera.kind === 'live' ? 'h-full w-full -scale-x-100 object-cover' : 'hidden'} />
        {camera.kind === 'captured' && <img src={camera.preview} alt="Your selfie" className="h-full w-full object-cover" />}
        {camera.kind === 'starting' && <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Starting the camera…</p>}
        {camera.kind === 'error' && (
          <p role="alert" className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white">
            {camera.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        {camera.kind === 'live' && (
          <button type="button" className="btn-primary" onClick={capture}>
            Take photo
          </button>
        )}
        {camera.kind === 'captured' && (
          <>
            <button type="button" className="btn-secondary" onClick={() => void start()}>
              Retake
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                stop();
                onPhoto(camera.file);
              }}
            >
              Use photo
            </button>
          </>
        )}
        {camera.kind === 'error' && (
          <button type="button" className="btn-primary" onClick={() => void start()}>
            Retry
          </button>
        )}
      </div>
    </section>
  );
}
