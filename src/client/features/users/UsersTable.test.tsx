import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminStats,
  createUserResponse,
  userSummary,
  type UpdateUserRequest,
  type UserSummary,
} from '@shared/api/users';
import Users from '../../pages/app/Users';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { signedInAs, userOf, userSummaryOf } from '../../test/fixtures';
import { chooseOption, onDesktop, renderScreen } from '../../test/render';

const ADMIN = userOf('admin');
const CASEY = userSummaryOf({ id: '5d8e2f4a-1111-4b2c-9d3e-4f5a6b7c8d9e', status: 'active' });
const RILEY = userSummaryOf({
  id: '6e9f3a5b-2222-4c3d-8e4f-5a6b7c8d9e0f',
  email: 'riley@northwind.test',
  firstName: 'Riley',
  lastName: 'Chen',
  role: 'viewer',
  status: 'invited',
});

/** The users server: a PATCH changes the stored user and answers it. */
function usersServer() {
  const people: UserSummary[] = [
    userSummaryOf({
      id: ADMIN.id,
      email: ADMIN.email,
      firstName: ADMIN.firstName,
      lastName: ADMIN.lastName,
      role: 'admin',
      status: 'active',
    }),
    CASEY,
    RILEY,
  ];
  const api = fakeApi({
    ...signedInAs('admin'),
    'GET /api/users': () => people,
    'GET /api/admin/stats': adminStats.parse({
      totalOrganizations: 1,
      totalUsers: 3,
      activeUsers: 2,
      invitedUsers: 1,
      userLimit: 50,
      server: { startedAt: '2026-11-30T08:00:00.000Z', uptimeSeconds: 90_000 },
    }),
    'PATCH /api/users/:id': ({ params, body }: ApiCall) => {
      const index = people.findIndex((p) => p.id === params.id);
      const patch = body as UpdateUserRequest;
      people[index] = userSummary.parse({
        ...people[index],
        ...(patch.role ? { role: patch.role } : {}),
        ...(patch.active === undefined ? {} : { status: patch.active ? 'active' : 'deactivated' }),
      });
      return people[index];
    },
    'POST /api/users/:id/invite': ({ params }: ApiCall) =>
      createUserResponse.parse({
        user: people.find((p) => p.id === params.id),
        invitePath: '/invite?token=Nw2c5V8b1M4x7Z0q3W6e9R2t5Y8u1I4o',
        emailed: false,
        inviteExpiresAt: '2025-03-12T10:00:00.000Z',
      }),
  });
  return { api, updates: () => api.callsTo('PATCH /api/users/:id') };
}

async function openUsers() {
  onDesktop();
  renderScreen(<Users />, { route: '/users' });
  return screen.findByTestId(`user-row-${CASEY.email}`);
}

const row = (email: string) => screen.getByTestId(`user-row-${email}`);

async function chooseAction(email: string, action: string) {
  const menuButton = within(row(email)).getByRole('button', { name: /^Actions for/ });
  fireEvent.keyDown(menuButton, { key: 'Enter' });
  const item = await screen.findByRole('menuitem', { name: action });
  fireEvent.keyDown(item, { key: 'Enter' });
}

describe('managing the people of the organization', () => {
  it('gives your own row no controls', async () => {
    usersServer();
    await openUsers();
    const mine = row(ADMIN.email);
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(within(mine).queryByRole('combobox')).toBeNull();
    expect(within(mine).queryByRole('button')).toBeNull();
  });

  it('changes a role as soon as another is picked', async () => {
    const { updates } = usersServer();
    await openUsers();
    await chooseOption(
      within(row(CASEY.email)).getByRole('combobox', { name: 'Role of Casey Lane' }),
      /^Auditor/,
    );
    expect(await screen.findByText('Role changed')).toBeTruthy();
    expect(screen.getByText('Casey Lane is now Auditor.')).toBeTruthy();
    expect(updates().map((c) => [c.params.id, c.body])).toEqual([[CASEY.id, { role: 'auditor' }]]);
    await waitFor(() =>
      expect(
        within(row(CASEY.email)).getByRole('combobox', { name: 'Role of Casey Lane' }).textContent,
      ).toBe('Auditor'),
    );
  });

  it('keeps the role and says why when the server refuses the change', async () => {
    const { api } = usersServer();
    api.on('PATCH /api/users/:id', () =>
      apiError(403, 'Only an admin can make another admin', 'forbidden'),
    );
    await openUsers();
    await chooseOption(
      within(row(CASEY.email)).getByRole('combobox', { name: 'Role of Casey Lane' }),
      /^Admin/,
    );
    expect(await screen.findByText('Could not change role')).toBeTruthy();
    expect(screen.getByText('Only an admin can make another admin')).toBeTruthy();
    expect(
      within(row(CASEY.email)).getByRole('combobox', { name: 'Role of Casey Lane' }).textContent,
    ).toBe('Instructor');
  });

  it('asks for the password again when the server wants it, then makes the change', async () => {
    const { api, updates } = usersServer();
    let confirmed = false;
    const patch = api.handlerOf('PATCH /api/users/:id');
    api.on('PATCH /api/users/:id', (call: ApiCall) =>
      confirmed
        ? patch(call)
        : apiError(
            403,
            'Enter your password again to change an administrator’s role or access.',
            'reauthentication_required',
          ),
    );
    api.on('POST /api/auth/reauthenticate', ({ body }: ApiCall) => {
      if ((body as { password: string }).password !== 'correct horse') {
        return apiError(422, 'That is not your password', 'validation_failed');
      }
      confirmed = true;
      return { ok: true };
    });
    await openUsers();
    await chooseOption(
      within(row(CASEY.email)).getByRole('combobox', { name: 'Role of Casey Lane' }),
      /^Admin/,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(
      within(dialog).getByText(
        'Enter your password again to change an administrator’s role or access.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Your password'), {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That is not your password')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Your password'), {
      target: { value: 'correct horse' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Casey Lane is now Admin.')).toBeTruthy();
    expect(updates().map((c) => c.body)).toEqual([{ role: 'admin' }, { role: 'admin' }]);
  });

  it('deactivates a user only after confirmation', async () => {
    const { updates } = usersServer();
    await openUsers();
    await chooseAction(CASEY.email, 'Deactivate');
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Casey Lane?' });
    expect(updates()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User deactivated')).toBeTruthy();
    expect(updates().map((c) => c.body)).toEqual([{ active: false }]);
    await waitFor(() => expect(within(row(CASEY.email)).getByText('Deactivated')).toBeTruthy());
    // A deactivated user's role cannot be changed.
    expect(
      (
        within(row(CASEY.email)).getByRole('combobox', {
          name: 'Role of Casey Lane',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { updates } = usersServer();
    await openUsers();
    await chooseAction(CASEY.email, 'Deactivate');
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Casey Lane?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates()).toHaveLength(0);
  });

  it('gives an invited user a new link, which replaces the old one', async () => {
    const { api } = usersServer();
    await openUsers();
    await chooseAction(RILEY.email, 'New invitation link');
    const dialog = await screen.findByRole('dialog', { name: 'New invitation link' });
    expect(
      within(dialog).getByText('The previous link for Riley Chen no longer works.'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/invite?token=Nw2c5V8b1M4x7Z0q3W6e9R2t5Y8u1I4o`,
    );
    expect(api.callsTo('POST /api/users/:id/invite').map((c) => c.params.id)).toEqual([RILEY.id]);
  });

  it('offers a new link only to users who have not accepted theirs', async () => {
    usersServer();
    await openUsers();
    fireEvent.keyDown(
      within(row(CASEY.email)).getByRole('button', { name: 'Actions for Casey Lane' }),
      { key: 'Enter' },
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Deactivate']);
  });
});
