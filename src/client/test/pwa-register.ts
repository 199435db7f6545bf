/**
 * `virtual:pwa-register/react` exists only in a Vite build with vite-plugin-pwa; under jsdom
 * there is no service worker to register, so the hook answers that nothing needs a reload.
 */
export function useRegisterSW() {
  return {
    needRefresh: [false, () => {}] as [boolean, (value: boolean) => void],
    offlineReady: [false, () => {}] as [boolean, (value: boolean) => void],
    updateServiceWorker: async () => {},
  };
}
