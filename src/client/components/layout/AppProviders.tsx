import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet } from 'react-router';
import { i18n, i18nReady } from '../../i18n/app';
import { createQueryClient } from '../../lib/api';
import { TooltipProvider } from '../ui/misc';
import { FullPageSpinner } from '../ui/spinner';
import { Toaster } from '../ui/toast';

// One client for the life of the page, whichever routes mount and unmount this layout.
const queryClient = createQueryClient();

/**
 * What every screen but the signed-out landing page stands on: the query client, tooltips and
 * the toaster, and the text of the screens in the reader's language. A chunk of its own, so that
 * the landing page downloads none of it.
 */
export default function AppProviders() {
  const [textReady, setTextReady] = useState(false);
  useEffect(() => {
    void i18nReady.then(() => setTextReady(true));
  }, []);
  if (!textReady) return <FullPageSpinner />;
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <Outlet />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
