import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary, ErrorScreen } from './components/layout/ErrorScreen';
import { applyRememberedTheme } from './features/settings/theme';
import './index.css';

applyRememberedTheme();
const container = document.getElementById('root');

try {
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
} catch (error) {
  // Initialisation failed before React could render its own error screen. No catalogue is
  // loaded yet (the application's text comes with the chunks that failed), so this stays English.
  const fallback = document.body.appendChild(document.createElement('div'));
  createRoot(fallback).render(
    <ErrorScreen
      // eslint-disable-next-line i18next/no-literal-string -- drawn before any catalogue can load
      title="Error Loading App"
      error={
        new Error(
          `The application encountered an error during initialization. ${(error as Error)?.message ?? ''}`,
        )
      }
    />,
  );
}
