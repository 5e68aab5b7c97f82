// Seeds: "Query flag showUploadModal opens the upload modal." Opened once the Space has loaded,
// then the flag leaves the address so a reload or Back does not open it again.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useModals } from '../../app/modals/context';

export const UPLOAD_FLAG = 'showUploadModal';

export function useUploadFlag(ready: boolean) {
  const [params, setParams] = useSearchParams();
  const { open } = useModals();
  const opened = useRef(false);
  const flagged = params.has(UPLOAD_FLAG);
  useEffect(() => {
    if (!ready || !flagged || opened.current) return;
    opened.current = true;
    open('spaceUploadFiles');
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(UPLOAD_FLAG);
        return next;
      },
      { replace: true },
    );
  }, [ready, flagged, open, setParams]);
}
