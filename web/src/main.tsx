// Entry point. In `--mode mocks` (make dev-mocks) the MSW worker answers the API first; the
// guard lets the production build drop the mocks entirely.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

if (import.meta.env.MODE === 'mocks') {
  const { startMockWorker } = await import('../../mocks/browser');
  await startMockWorker();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
