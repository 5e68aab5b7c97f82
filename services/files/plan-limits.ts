// How many files a plan allows (seed 001 §8 limit messages; the values are the plan settings',
// `FILE_LIMITS` on the server, services/shared/plans.ts). A repository limit counts the files in
// one repository; the user limit counts the files a person uploaded across My Files and all Spaces.
import type { FileLimits } from '../shared/plans.js';

export const FILE_REPOSITORY_LIMIT_EXCEEDED = 'FILE_REPOSITORY_LIMIT_EXCEEDED';
export const USER_FILE_LIMIT_EXCEEDED = 'USER_FILE_LIMIT_EXCEEDED';
export type LimitCode = typeof FILE_REPOSITORY_LIMIT_EXCEEDED | typeof USER_FILE_LIMIT_EXCEEDED;

export const LIMIT_MESSAGES: Record<LimitCode, (limit: number) => string> = {
  FILE_REPOSITORY_LIMIT_EXCEEDED: (limit) => `You have reached the file limit of ${limit} files per repository.`,
  USER_FILE_LIMIT_EXCEEDED: (limit) =>
    `You've reached your total file limit of ${limit} files across My Files and all Spaces. Delete some files or upgrade your plan to add more`,
};

/**
 * How many of `wanted` new files fit, and the first limit that stops the rest. Pure: the counts
 * are read before. A file that replaces one already there is not new.
 */
export function fitWithinLimits(
  limits: FileLimits,
  counts: { in_repository: number; by_user: number; counts_for_user: boolean },
  wanted: number,
): { fits: number; reached: LimitCode | null } {
  const repoRoom = Math.max(0, limits.per_repository - counts.in_repository);
  const userRoom = counts.counts_for_user ? Math.max(0, limits.per_user - counts.by_user) : Infinity;
  const fits = Math.min(wanted, repoRoom, userRoom);
  if (fits === wanted) return { fits, reached: null };
  return { fits, reached: repoRoom <= userRoom ? FILE_REPOSITORY_LIMIT_EXCEEDED : USER_FILE_LIMIT_EXCEEDED };
}
