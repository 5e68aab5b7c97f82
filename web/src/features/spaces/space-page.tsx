// /spaces/{slug}: one Space — its header and actions, an ask box that starts threads in it, its
// threads, links and instructions. The server answers 404 for a Space the caller cannot read.
import { Layers } from '../../ui/icons';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { isReadable } from '../../../../services/spaces/pure';
import { SpaceFiles } from '../files/space-files';
import { PageMessage } from '../../ui/page-message';
import { SpaceAskBox } from './space-ask-box';
import { useSpace } from './space-queries';
import { SpaceHeader } from './space-header';
import { SpaceInstructions, showsSpaceInstructions } from './space-instructions';
import { SpaceLinks } from './space-links';
import { SpaceThreads } from './space-threads';
import { useUploadFlag } from './use-upload-flag';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      {children}
    </section>
  );
}

export default function SpacePage() {
  const { slug = '' } = useParams();
  const query = useSpace(slug);
  const space = query.data;
  useUploadFlag(!!space);
  useEffect(() => {
    if (space?.title) document.title = space.title;
  }, [space?.title]);

  if (query.isError) {
    if (query.error.status === 404)
      return (
        <PageMessage icon={<Layers className="size-5" />} title="Space not found" text="There is no Space at this address, or you do not have access to it." />
      );
    return (
      <PageMessage
        icon={<Layers className="size-5" />}
        title="Could not load this Space"
        text="Something went wrong while loading it. Try again in a moment."
      />
    );
  }
  if (!space)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10" role="status" aria-label="Loading Space">
        <div className="h-8 w-1/2 animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:py-10">
      <SpaceHeader slug={slug} space={space} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {/* Anyone who reads the Space may ask in it; invited people only once they accept. */}
          {isReadable(space.user_permission) ? (
            <SpaceAskBox space={space} />
          ) : (
            <p className="rounded-2xl border border-dashed border-neutral-200 px-4 py-3 text-sm text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
              Accept the invitation to take part in this Space.
            </p>
          )}
          <Section title="Threads">
            <SpaceThreads space={space} />
          </Section>
        </div>
        <aside className="flex flex-col gap-8">
          {showsSpaceInstructions(space) && (
            <Section title="Instructions">
              <SpaceInstructions space={space} />
            </Section>
          )}
          <Section title="Files">
            <SpaceFiles space={space} />
          </Section>
          <Section title="Links">
            <SpaceLinks space={space} />
          </Section>
        </aside>
      </div>
    </div>
  );
}
