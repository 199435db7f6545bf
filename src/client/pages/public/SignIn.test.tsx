import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/api';
import SignIn from './SignIn';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The sign-in page against a server whose setup is `open` (no organization yet) or closed. */
function renderSignIn(open: boolean, path = '/api/login') {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/setup/status') return json({ open });
    return json({ message: `unexpected request ${url}` }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SignIn />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-in on a fresh installation', () => {
  it('shows the way to setup while no organization exists', async () => {
    const fetchMock = renderSignIn(true);
    const link = await screen.findByRole('link', { name: 'Set up your organization' });
    expect(link.getAttribute('href')).toBe('/setup');
    expect(screen.getByText(/Centerline has no organization yet\./)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/setup/status', expect.anything());
  });

  it('keeps the chosen plan on the way to setup', async () => {
    renderSignIn(true, '/api/login?plan=enterprise');
    const link = await screen.findByRole('link', { name: 'Set up your organization' });
    expect(link.getAttribute('href')).toBe('/setup?plan=enterprise');
  });

  it('shows the sign-in form and no setup link once an organization exists', async () => {
    const fetchMock = renderSignIn(false);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/setup/status', expect.anything()),
    );
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set up your organization' })).toBeNull();
    expect(screen.queryByText(/no organization yet/)).toBeNull();
  });
});
