// Renders the app into #root: the production entry (main.tsx) calls it at once, the mocks' entry
// (main-mocks.tsx) once the MSW worker answers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

export function renderApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
