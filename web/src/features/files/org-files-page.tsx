// /account/org/files: the organisation's files (ORG repository), for Enterprise members only
// (seed 001 §1, §6); everyone else is told plainly why there is nothing here.
import { Building2 } from '../../ui/icons';
import { useEffect } from 'react';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { ORG_FILES } from './file-keys';
import { OrgDownloadSetting } from './org-download-setting';
import { RepositoryFiles } from './repository-files';

export const NOT_ENTERPRISE_TEXT =
  'Organization files belong to Enterprise organizations. Your account is not part of one, so there are no organization files to show.';

export default function OrgFilesPage() {
  const { user, isLoading } = useSession();
  const { open } = useModals();
  useEffect(() => {
    document.title = 'Organization files';
  }, []);
  if (isLoading)
    return <div role="status" aria-label="Loading" className="mx-auto mt-10 h-8 w-1/2 max-w-4xl animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />;
  if (!user)
    return (
      <PageMessage
        icon={<Building2 className="size-5" />}
        title="Sign in to see organization files"
        text="Organization files are for members of an Enterprise organization."
        action={
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'org-files' })}>
            Sign in
          </button>
        }
      />
    );
  if (!user.org_uuid) return <PageMessage icon={<Building2 className="size-5" />} title="No organization files" text={NOT_ENTERPRISE_TEXT} />;
  return (
    <RepositoryFiles
      repo={ORG_FILES}
      title="Organization files"
      intro="Files every member of your organization can search."
      aside={<OrgDownloadSetting orgUuid={user.org_uuid} />}
    />
  );
}
