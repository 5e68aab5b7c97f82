// What the side panel asks of the service worker (chrome.runtime messages inside the extension).
export type PanelRequest =
  | { type: 'PANEL_STATE' }
  | { type: 'PANEL_START'; task: string }
  | { type: 'PANEL_CONTROL'; action: 'pause_agent' | 'resume_agent' | 'stop_agent'; task_uuid: string }
  | { type: 'PANEL_CONFIRM'; task_uuid: string; step: number; approved: boolean };
