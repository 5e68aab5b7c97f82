// What other parts use of Research (docs/architecture.md: a domain is used only through its
// index.ts). services/app wires its routes, its projection, its admission and its workflow.
export { researchRoutes } from './routes.js';
export { researchProjection } from './projections.js';
export { researchRedactors } from './erasure.js';
export { admitResearch, beginResearch, type AdmitDeps } from './use-cases.js';
export { isResearchEntry } from './queries.js';
export { DEFAULT_RESEARCH_BOUNDS, ESTIMATED_STEPS, type PlannedSection, type ResearchBounds, stepCount } from './bounds.js';
export { DEFAULT_RESEARCH_QUOTA, type ResearchQuota, stepLine } from './decide.js';
export { NEEDS_MODEL } from './errors.js';
export { researchStream } from './events.js';
export { llmWriter, type ResearchWriter } from './writer.js';
export {
  endReport,
  type Halt,
  keepSources,
  planStep,
  readStep,
  reflectStep,
  reportStart,
  type ResearchDeps,
  type SearchGroup,
  searchStep,
  writeStep,
} from './run.js';
