// Deleting an account (docs/data-rights.md), durably: each step finishes its part and can run
// again after a crash, so a deletion stopped halfway resumes where it stopped and never leaves
// half a person. The input is the user id; steps return ids and counts, never personal data.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Redactors } from '../services/eventstore/erasure.js';
import {
  closeSignIn,
  deletionRequested,
  discardMail,
  eraseAccount,
  leaveOrgs,
  leaveSpaces,
  personalWorkflowIds,
  removeFiles,
  removeThreads,
  settleSpaces,
} from '../services/rights/index.js';
import type { KernelContext } from '../services/shared/context.js';

export type DeleteAccountDeps = { kernel: KernelContext; redactors: Redactors; forgetSessions: () => void; pauseMs: number };
export const deleteAccountWorkflowId = (userId: string) => `delete-account-${userId}`;
const welcomeMailWorkflowId = (userId: string) => `welcome-mail-${userId}`;

export function registerDeleteAccount(deps: DeleteAccountDeps) {
  const ctx = deps.kernel;
  const step = <T>(name: string, run: () => Promise<T>) => DBOS.runStep(run, { name, retriesAllowed: true, maxAttempts: 5, intervalSeconds: 1 });
  return DBOS.registerWorkflow(
    async (userId: string) => {
      const handOver = await step('request', async () => (await deletionRequested(ctx.store, userId))?.hand_over ?? null);
      if (!handOver) return 'not-requested';
      await step('close-sign-in', () => closeSignIn(ctx, userId));
      await step('settle-spaces', () => settleSpaces(ctx, userId, handOver));
      await step('leave-spaces', () => leaveSpaces(ctx, userId));
      await step('leave-orgs', () => leaveOrgs(ctx, userId));
      await step('remove-threads', () => removeThreads(ctx, userId));
      // ACCOUNT_DELETION_PAUSE_SECONDS: lets a crash test kill the server halfway through.
      if (deps.pauseMs > 0) await DBOS.sleep(deps.pauseMs);
      await step('remove-files', () => removeFiles(ctx, userId));
      await step('discard-mail', () => discardMail(ctx, userId));
      // The runtime's records of their answers, files and welcome mail hold their questions, file names, address and name as inputs.
      await step('forget-workflows', async () => {
        const ids = [...(await personalWorkflowIds(ctx, userId)), welcomeMailWorkflowId(userId)];
        await DBOS.deleteWorkflows(ids);
        return ids.length;
      });
      await step('erase', () => eraseAccount(ctx, deps.redactors, userId));
      await step('forget-sessions', async () => deps.forgetSessions());
      return 'deleted';
    },
    { name: 'deleteAccount' },
  );
}
