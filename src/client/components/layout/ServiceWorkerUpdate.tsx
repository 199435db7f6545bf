import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/button';

/**
 * Registers the service worker (only inside the signed-in app) and, when a new version has been
 * deployed and downloaded, offers to reload into it; nothing changes under a user's hands.
 */
export function ServiceWorkerUpdate() {
  const { t } = useTranslation('common');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 top-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-lg"
    >
      <span className="flex-1">{t('update.available')}</span>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        {t('update.reload')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('update.later')}
      </Button>
    </div>
  );
}
