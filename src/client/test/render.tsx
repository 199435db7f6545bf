/**
 * What client tests share: the application's providers around a screen, a fake API behind
 * `fetch`, and the few browser features jsdom lacks that Radix needs. Importing this module also
 * unmounts what a test rendered and restores `fetch` and timers after each test.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { afterEach, expect, onTestFinished, vi } from 'vitest';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/api';

// Radix Select and DropdownMenu measure and capture pointers; jsdom has none of it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// A screen that fetches, renders and re-renders can take more than a second on a busy CI core.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

export interface RenderOptions {
  /** The URL the screen opens at, query string included. */
  route?: string;
  /** The route pattern the screen is mounted under, for screens that read `useParams`. */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders `ui` as the application does: one query client with the app's defaults, a router at
 * `route`, and the toaster. `location()` is where the router is now (after links and URL state).
 */
export function renderScreen(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  const current: { location: Location | null } = { location: null };
  function WhereAmI() {
    current.location = useLocation();
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
        </Routes>
        <WhereAmI />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    ...result,
    queryClient,
    location: () => current.location!,
    /** The query string of the current URL, as an object. */
    search: () => Object.fromEntries(new URLSearchParams(current.location!.search)),
  };
}

/**
 * jsdom says it supports touch, which the app (useIsMobile) reads as a phone. For the length of
 * the current test, it is a desktop browser without touch instead.
 */
export function onDesktop() {
  const touch = Object.getOwnPropertyDescriptor(window, 'ontouchstart');
  if (!touch) return;
  delete (window as { ontouchstart?: unknown }).ontouchstart;
  onTestFinished(() => {
    Object.defineProperty(window, 'ontouchstart', touch);
  });
}

/** Opens a Radix select by keyboard and picks the option with this accessible name. */
export async function chooseOption(trigger: HTMLElement, option: string | RegExp) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const item = await screen.findByRole('option', { name: option });
  fireEvent.keyDown(item, { key: 'Enter' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Types into a text box the way React sees a change. */
export function typeInto(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

export function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled;
}
