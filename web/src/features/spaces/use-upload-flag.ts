// Seeds: "Query flag showUploadModal opens the upload modal." Opened once the Space has loaded,
// then the flag leaves the address so a reload or Back does not open it again.
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { spaceRepository } from '../files/file-keys';
import { useSpace } from './space-queries';

export const UPLOAD_FLAG = 'showUploadModal';

export function useUploadFlag(ready: boolean) {
  // The page's own cached Space (same query), for the repository the modal uploads to.
  const spaceUuid = useSpace(useParams().slug ?? '').data?.uuid;
  const [params, setParams] = useSearchParams();
  const { open } = useModals();
  const opened = useRef(false);
  const flagged = params.has(UPLOAD_FLAG);
  useEffect(() => {
    if (!ready || !spaceUuid || !flagged || opened.current) return;
    opened.current = true;
    open('spaceUploadFiles', { repository: spaceRepository(spaceUuid) });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(UPLOAD_FLAG);
        return next;
      },
      { replace: true },
    );
  }, [ready, spaceUuid, flagged, open, setParams]);
}
