import { useEffect } from 'react';
import { t } from '../../i18n/app';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (the browser's own prompt) and
 * following a link inside the app (a confirmation; the link is not followed if the user stays).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) {
        return;
      }
      if (!window.confirm(t('settings:preferences.leaveUnsaved'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture phase: decide before the router's own click handler navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
