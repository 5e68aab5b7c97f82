// What the agent shares with the browser (the web app and the mocks): its rules, its events'
// fold and its errors, nothing that needs the server.
export { decideConfirm, decidePause, decideResume, decideStop, owned } from './decide.js';
export { type AgentEvent, type AgentTaskState, evolveAgentTask, initialAgentTask } from './events.js';
export { agentErrors } from './errors.js';
