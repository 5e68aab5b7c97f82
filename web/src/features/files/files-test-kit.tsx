// Shared set-up of the file component tests: a data router with the files routes, the modal
// host and toasts; files put straight into the mock scenario's state.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { setupMocks } from '../../../../mocks/node';
import type { MockFile } from '../../../../mocks/files';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';
import FileViewPage from './file-view-page';
import MyFilesPage from './my-files-page';
import OrgFilesPage from './org-files-page';

type Mocks = ReturnType<typeof setupMocks>;

export function renderFiles(path: string, opts: { advanceTimers?: (ms: number) => unknown } = {}) {
  const user = userEvent.setup(opts.advanceTimers ? { advanceTimers: opts.advanceTimers } : {});
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
            <Toaster />
          </ModalProvider>
        ),
        children: [
          { path: '/account/files', element: <MyFilesPage /> },
          { path: '/account/org/files', element: <OrgFilesPage /> },
          { path: '/files/:fileUuid', element: <FileViewPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router, queryClient };
}

let seq = 0;
/** A file in the scenario: by default a COMPLETE text file in the signed-in user's My Files. */
export function addFile(mocks: Mocks, overrides: Partial<MockFile> = {}): MockFile {
  const user = mocks.scenario.state.accounts.find((a) => a.user.id === mocks.scenario.state.signedInId)!.user;
  const n = ++seq;
  const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  const file: MockFile = {
    file_uuid: uuid,
    filename: `file-${n}.txt`,
    file_s3_url: `http://app.test/storage/mock-bucket/user/${user.id}/${uuid}/file-${n}.txt`,
    file_title: `file-${n}.txt`,
    file_description: '',
    uploaded_by: user.email,
    file_state: 'COMPLETE',
    file_size: 2048,
    content_type: 'text/plain',
    file_type: 'txt',
    is_attachment: false,
    page_count: null,
    time_created: at,
    updated_at: at,
    error: null,
    file_repository_info: { file_repository_type: 'USER', owner_id: user.id },
    ...overrides,
  };
  if (overrides.filename && !overrides.file_title) file.file_title = overrides.filename;
  (mocks.scenario.state.files ??= []).push(file);
  return file;
}
