// Two files of an organisation's Drive that the permission tests share: 'wintering' shared with
// one member, 'ledger' only its owner's.
import type { createFakeDrive } from './google-drive.js';

export function putHiveDriveFiles(drive: ReturnType<typeof createFakeDrive>, sharedWith: string) {
  drive.put({
    id: 'wintering',
    name: 'wintering.txt',
    mimeType: 'text/plain',
    parents: ['my-drive'],
    content: 'Wrap the hives in tar paper before the first frost of November.',
    permissions: [{ type: 'user', emailAddress: sharedWith, role: 'reader' }],
  });
  drive.put({
    id: 'ledger',
    name: 'ledger.txt',
    mimeType: 'text/plain',
    parents: ['my-drive'],
    content: 'The pollination contract with the almond grower pays double this year.',
    permissions: [{ type: 'user', emailAddress: 'gil@drive.example', role: 'owner' }],
  });
}
