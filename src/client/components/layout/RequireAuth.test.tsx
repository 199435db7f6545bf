import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { loginUrl, RequireAuth } from './RequireAuth';

function guard(route: string) {
  return renderScreen(
    <RequireAuth fallback={<p>Landing page</p>}>
      <p>Compliance records</p>
    </RequireAuth>,
    { route },
  );
}

describe('the sign-in guard of the application', () => {
  it('shows the screen to a signed-in user', async () => {
    fakeApi(signedInAs('viewer'));
    guard('/compliance-records');
    expect(await screen.findByText('Compliance records')).toBeTruthy();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it('waits for the session before deciding', async () => {
    let answer!: () => void;
    fakeApi({
      'GET /api/auth/user': () =>
        new Promise((resolve) => {
          answer = () => resolve(json({ message: 'Unauthorized', code: 'unauthenticated' }, 401));
        }),
    });
    guard('/compliance-records');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.queryByText('Compliance records')).toBeNull();
    expect(screen.queryByText('Landing page')).toBeNull();
    answer();
    expect(await screen.findByText('Landing page')).toBeTruthy();
  });

  it('shows a signed-out visitor the landing page and says they are logged out', async () => {
    fakeApi({
      'GET /api/auth/user': () => json({ message: 'Unauthorized', code: 'unauthenticated' }, 401),
    });
    guard('/compliance-records?status=failed');
    expect(await screen.findByText('Landing page')).toBeTruthy();
    expect(screen.queryByText('Compliance records')).toBeNull();
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  });

  it('sends the visitor back where they were after signing in', () => {
    expect(loginUrl('/compliance-records?status=failed')).toBe(
      '/api/login?next=%2Fcompliance-records%3Fstatus%3Dfailed',
    );
    expect(loginUrl('/')).toBe('/api/login');
    expect(loginUrl('')).toBe('/api/login');
  });
});
