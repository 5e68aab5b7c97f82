// The methods of the agent socket as the model's tools: each with the JSON schema of its request
// from the protocol document (generated/agent), so the model, the socket and the extension agree.
import { agentSchemas } from '../../generated/agent/schemas.gen.js';
import type { AgentMethod } from '../../generated/agent/messages.gen.js';
import { z } from 'zod';
import { LABEL_MAX_CHARS, SCROLL_TICK_PX, SCROLL_TICKS_DEFAULT, TREE_DEPTH_MAX, WAIT_DEFAULT_SECONDS } from './limits.js';

export const AGENT_METHODS = agentSchemas.AgentMethod.enum as readonly AgentMethod[];

export const TOOL_DESCRIPTIONS: Record<AgentMethod, string> = {
  Computer:
    `Act on the page: left_click, right_click, double_click, triple_click, middle_click or hover on a target (an element by its ReadPage number, a reference, or x/y); ` +
    `type text; key (a key such as Enter or ctrl+a, in text); scroll (${SCROLL_TICK_PX} px a tick, ${SCROLL_TICKS_DEFAULT} ticks unless given); ` +
    `wait (${WAIT_DEFAULT_SECONDS} s unless given); screenshot; drag from target to end.`,
  FormInput:
    'Set a form field (target) to a value: a select by value or text, a checkbox true or false, numbers, dates, times and #RRGGBB colours. File inputs are refused.',
  GetPageText: "The page's text, as data.",
  Navigate: "Open an address in the tab (one without '://' gets https://), or 'back' or 'forward'.",
  ReadPage: `The page as a numbered list of its interactive elements (tree depth at most ${TREE_DEPTH_MAX}, labels cut at ${LABEL_MAX_CHARS} characters). Act on elements by these numbers.`,
  TabsCreate: 'Open a new tab, at an address if given.',
  TabsContext: "The person's open tabs (https and file tabs) and the current one.",
  ReportTaskComplete: 'Finish the task: a summary of what was done and found, for the person.',
};

const requestSchemaName = (method: AgentMethod) => `${method}Request` as keyof typeof agentSchemas;

/** Each method's request schema, as JSON schema (for the model) and as a checker (for what the model asks). */
export const methodSchema = (method: AgentMethod) => agentSchemas[requestSchemaName(method)] as unknown as Record<string, unknown>;
const checkers = new Map(AGENT_METHODS.map((m) => [m, z.fromJSONSchema(methodSchema(m) as Parameters<typeof z.fromJSONSchema>[0])]));

export const isAgentMethod = (name: unknown): name is AgentMethod => typeof name === 'string' && (AGENT_METHODS as readonly string[]).includes(name);

/** The model's arguments for a method, or why they are not a valid request. */
export function checkMethodInput(method: AgentMethod, input: unknown): { ok: true; request: Record<string, unknown> } | { ok: false; why: string } {
  const parsed = checkers.get(method)!.safeParse(input ?? {});
  if (!parsed.success)
    return { ok: false, why: `Invalid ${method} request: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(request)'} ${i.message}`).join('; ')}` };
  return { ok: true, request: parsed.data as Record<string, unknown> };
}
