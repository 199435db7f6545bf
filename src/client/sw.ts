/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { drainQueue, SYNC_TAG } from './features/documents/field/capture-store';

/**
 * The service worker: the built app precached (so the field screen opens with no network after
 * one visit), every navigation answered with the app's page except the API's, a new version
 * waiting until the user reloads into it, and the field captures sent by Background Sync.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
};

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
);

// The update prompt's "Reload" (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The browser fires this once it has a connection, whether or not a page is open. A try that did
// not reach the server rejects, so the browser fires it again later with its own backoff; a
// lapsed session waits for the user to sign in on the field screen.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    drainQueue({ now: true }).then((outcome) => {
      if (outcome === 'offline') throw new Error('The server could not be reached');
    }),
  );
});
