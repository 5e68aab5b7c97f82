// The Space context side sheet (seed 000 §2): sections Instructions, Files and Links.
import { Loader2, PanelRight } from '../../ui/icons';
import type { ModalProps } from '../../platform/modals/types';
import { SpaceFiles } from '../files/space-files';
import { ModalTitle } from '../../ui/modal-parts';
import { useSpace } from './space-queries';
import { SpaceInstructions, showsSpaceInstructions } from './space-instructions';
import { SpaceLinks } from './space-links';
import type { SpaceContextArgs } from './space-modal-args';
import { PanelSection } from './panel-section';

export default function SpaceContextSheet({ args }: ModalProps<SpaceContextArgs>) {
  const query = useSpace(args.slug);
  const space = query.data;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <span className="flex items-center gap-2">
          <PanelRight aria-hidden className="size-5 text-neutral-500" /> {space ? `${space.title} context` : 'Space context'}
        </span>
      </ModalTitle>
      {query.isError ? (
        <p role="alert" className="text-sm text-neutral-600 dark:text-neutral-400">
          Could not load this Space.
        </p>
      ) : !space ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading…
        </p>
      ) : (
        <>
          {showsSpaceInstructions(space) && (
            <PanelSection title="Instructions">
              <SpaceInstructions space={space} />
            </PanelSection>
          )}
          <PanelSection title="Files">
            <SpaceFiles space={space} />
          </PanelSection>
          <PanelSection title="Links">
            <SpaceLinks space={space} />
          </PanelSection>
        </>
      )}
    </div>
  );
}
