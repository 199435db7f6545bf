import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('sign-in with a second factor', () => {
  it('asks for the code after a right password, and goes back to the password when it expired', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/setup/status') return json({ open: false });
        if (url === '/api/auth/login')
          return json({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
        if (url === '/api/auth/login/second-factor') {
          return json(
            {
              message: 'This sign-in has expired. Enter your e-mail and password again.',
              code: 'unauthenticated',
            },
            401,
          );
        }
        return json({ message: `unexpected request ${url}` }, 500);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/api/login']}>
          <SignIn />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: 'a@b.test' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByText('Two-factor sign-in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.input(await screen.findByLabelText('Recovery code'), {
      target: { value: 'k7p2m-x9q4r' },
    });
    expect(code.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('This sign-in has expired. Enter your e-mail and password again.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/auth/login/second-factor')?.body).toEqual({
      code: 'k7p2m-x9q4r',
    });
  });
});
