import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LedgerWatchBanner } from '../../features/ledger-watch/LedgerWatchBanner';
import { useAppliedPreferences } from '../../features/settings/preferences';
import { ChatWidget } from '../../features/support/ChatWidget';
import { ServiceWorkerUpdate } from './ServiceWorkerUpdate';
import { useIsMobile } from '../../lib/use-is-mobile';
import { Spinner } from '../ui/spinner';
import { Brand } from './Sidebar';
import { MobileNav } from './MobileNav';
import { pageHeading } from './navigation';
import { PageHeader } from './PageHeader';
import { Sidebar } from './Sidebar';

export function AppShell() {
  const { t } = useTranslation('common');
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const { id } = pageHeading(pathname);
  // Changes when the user's timezone or date format does: the page is drawn again with them.
  const displayKey = useAppliedPreferences();
  return (
    <div className="flex min-h-screen">
      {!mobile && <Sidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        {mobile && (
          <div className="flex h-14 items-center bg-sidebar px-4 text-white">
            <Brand />
          </div>
        )}
        {/* Every signed-in load checks the log against this browser's memory of it. */}
        <LedgerWatchBanner />
        <PageHeader
          title={id ? t(`pages.${id}.title`) : 'Centerline'}
          description={id ? t(`pages.${id}.description`) : ''}
        />
        <main className={mobile ? 'flex-1 p-4 pb-24' : 'flex-1 p-6'}>
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner className="size-7" />
              </div>
            }
          >
            <Outlet key={displayKey} />
          </Suspense>
        </main>
      </div>
      {mobile && <MobileNav />}
      <ChatWidget raised={mobile} />
      <ServiceWorkerUpdate />
    </div>
  );
}
