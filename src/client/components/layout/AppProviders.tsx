import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/api';
import { TooltipProvider } from '../ui/misc';
import { Toaster } from '../ui/toast';

// One client for the life of the page, whichever routes mount and unmount this layout.
const queryClient = createQueryClient();

/**
 * What every screen but the signed-out landing page stands on: the query client, tooltips and
 * the toaster. A chunk of its own, so that the landing page downloads none of it.
 */
export default function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Outlet />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
