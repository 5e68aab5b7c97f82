// /account/files: My Files, labelled Imports in the account navigation (seed 001 §2, seed 003 §2).
import { FolderOpen } from '../../ui/icons';
import { useEffect } from 'react';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { MY_FILES } from './file-keys';
import { RepositoryFiles } from './repository-files';

export default function MyFilesPage() {
  const { user, isLoading } = useSession();
  const { open } = useModals();
  useEffect(() => {
    document.title = 'My Files';
  }, []);
  if (isLoading)
    return <div role="status" aria-label="Loading" className="mx-auto mt-10 h-8 w-1/2 max-w-4xl animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />;
  if (!user)
    return (
      <PageMessage
        icon={<FolderOpen className="size-5" />}
        title="Sign in to see your files"
        text="Your files are kept with your account, so answers can search them."
        action={
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'my-files' })}>
            Sign in
          </button>
        }
      />
    );
  return <RepositoryFiles repo={MY_FILES} title="My Files" intro="Files you upload here are searched when you ask questions." />;
}
