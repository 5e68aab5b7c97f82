// A step's screenshot on the task page: a small picture of what the agent saw, opening the full
// image in a new tab. The image is the owner's only (GET /rest/agent/tasks/{task_uuid}/screenshots/{step}),
// read with the page's own session cookie.
import { getGetAgentTaskScreenshotUrl } from '../../../../generated/react-query/agent/agent';
import type { AgentTaskStep } from '../../../../generated/react-query/model';

/** The thumbnail's width; its height keeps the screenshot's proportions. */
const THUMB_WIDTH = 320;

export function StepScreenshot({ taskUuid, step }: { taskUuid: string; step: AgentTaskStep }) {
  if (!step.screenshot) return null;
  const url = getGetAgentTaskScreenshotUrl(taskUuid, step.step);
  const width = Math.min(THUMB_WIDTH, step.screenshot.width);
  const height = Math.max(1, Math.round((step.screenshot.height * width) / step.screenshot.width));
  return (
    <a href={url} target="_blank" rel="noreferrer" className="mt-1 block w-fit" aria-label={`Open the screenshot of step ${step.step + 1}`}>
      <img
        src={url}
        alt={`What the agent saw at step ${step.step + 1}`}
        width={width}
        height={height}
        loading="lazy"
        className="h-auto max-w-full rounded border border-neutral-200 dark:border-neutral-700"
      />
    </a>
  );
}
