import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary, ErrorScreen } from './components/layout/ErrorScreen';
import { TooltipProvider } from './components/ui/misc';
import { Toaster } from './components/ui/toast';
import { applyStoredTheme } from './features/settings/preferences';
import { createQueryClient } from './lib/api';
import './index.css';

applyStoredTheme();
const queryClient = createQueryClient();
const container = document.getElementById('root');

try {
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <App />
            <Toaster />
          </TooltipProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
} catch (error) {
  // Initialisation failed before React could render its own error screen.
  const fallback = document.body.appendChild(document.createElement('div'));
  createRoot(fallback).render(
    <ErrorScreen
      title="Error Loading App"
      error={
        new Error(
          `The application encountered an error during initialization. ${(error as Error)?.message ?? ''}`,
        )
      }
    />,
  );
}
