import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminStats, createUserResponse, type CreateUserRequest } from '@shared/api/users';
import Users from '../../pages/app/Users';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { signedInAs, userOf, userSummaryOf } from '../../test/fixtures';
import { chooseOption, isDisabled, renderScreen, typeInto } from '../../test/render';

const ADMIN = userOf('admin');
const stats = (active: number, invited: number, userLimit: number | null = 50) =>
  adminStats.parse({
    totalOrganizations: 1,
    totalUsers: active + invited,
    activeUsers: active,
    invitedUsers: invited,
    userLimit,
    server: { startedAt: '2026-11-30T08:00:00.000Z', uptimeSeconds: 90_000 },
  });

/** The users server: an invitation adds an invited user and takes a seat. */
function usersServer(limit: number | null = 50) {
  const people = [
    userSummaryOf({
      id: ADMIN.id,
      email: ADMIN.email,
      firstName: ADMIN.firstName,
      lastName: ADMIN.lastName,
      role: 'admin',
      status: 'active',
    }),
  ];
  const api = fakeApi({
    ...signedInAs('admin'),
    'GET /api/users': () => people,
    'GET /api/admin/stats': () =>
      stats(
        people.filter((p) => p.status === 'active').length,
        people.filter((p) => p.status === 'invited').length,
        limit,
      ),
    'POST /api/users': ({ body }: ApiCall) => {
      const input = body as CreateUserRequest;
      const user = userSummaryOf({
        ...input,
        id: `f3a1b2c4-0000-4000-8000-00000000002${people.length}`,
      });
      people.push(user);
      return createUserResponse.parse({
        user,
        invitePath: '/invite?token=Zq8v0cN3rT6yW1bE4uH7kL2mP5sX9aD0',
        emailed: false,
        inviteExpiresAt: '2025-03-08T10:00:00.000Z',
      });
    },
  });
  return { api, people };
}

async function openInvite() {
  renderScreen(<Users />, { route: '/users' });
  const invite = await screen.findByRole('button', { name: 'Invite user' });
  await waitFor(() => expect(isDisabled(invite)).toBe(false));
  fireEvent.click(invite);
  return screen.findByRole('dialog', { name: 'Invite user' });
}

function fill(
  dialog: HTMLElement,
  values: Partial<Record<'E-mail' | 'First name' | 'Last name', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    typeInto(within(dialog).getByLabelText(label), value);
  }
}

const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create invitation' }));

describe('inviting a user', () => {
  it('shows each problem next to its field and sends nothing', async () => {
    const { api } = usersServer();
    const dialog = await openInvite();
    fill(dialog, { 'E-mail': 'casey at northwind' });
    submit(dialog);
    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid e-mail address',
    );
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Enter a valid e-mail address', 'Required', 'Required']);
    expect(api.callsTo('POST /api/users')).toHaveLength(0);
  });

  it('creates the invitation with the chosen role and hands over the one-time link', async () => {
    const { api } = usersServer();
    const dialog = await openInvite();
    // The hint under Role describes the role chosen.
    expect(
      within(dialog).getByText(
        'Uploads documents, validates extracted data, records training and works the checklist.',
      ),
    ).toBeTruthy();
    fill(dialog, {
      'E-mail': ' Casey.Lane@Northwind.test ',
      'First name': 'Casey',
      'Last name': 'Lane',
    });
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Role' }), /^Auditor/);
    expect(
      within(dialog).getByText(
        'Reads all records, runs the AI audit and exports reports and proofs; changes nothing.',
      ),
    ).toBeTruthy();
    submit(dialog);

    expect(await within(dialog).findByText('Invitation created')).toBeTruthy();
    expect(api.callsTo('POST /api/users').map((c) => c.body)).toEqual([
      { email: 'casey.lane@northwind.test', firstName: 'Casey', lastName: 'Lane', role: 'auditor' },
    ]);
    expect(within(dialog).getByText(/Casey Lane was added as Auditor\./)).toBeTruthy();
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/invite?token=Zq8v0cN3rT6yW1bE4uH7kL2mP5sX9aD0`,
    );
    expect(within(dialog).getByText('casey.lane@northwind.test')).toBeTruthy();
    // Seats and the list are read again: the new user is listed as invited.
    expect(await screen.findByText('2 of 50 seats used')).toBeTruthy();
    expect(await screen.findByTestId('user-row-casey.lane@northwind.test')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite another' }));
    expect((within(dialog).getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('puts a server validation issue next to its field', async () => {
    const { api } = usersServer();
    api.on('POST /api/users', () =>
      apiError(422, 'email: not an address we can deliver to', 'validation_failed', [
        { path: 'email', message: 'Not an address we can deliver to' },
      ]),
    );
    const dialog = await openInvite();
    fill(dialog, { 'E-mail': 'casey@example.invalid', 'First name': 'Casey', 'Last name': 'Lane' });
    submit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Not an address we can deliver to',
    );
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('reports a duplicate e-mail as a toast and keeps what was typed', async () => {
    const { api } = usersServer();
    api.on('POST /api/users', () =>
      apiError(409, 'A user with this e-mail already exists', 'conflict'),
    );
    const dialog = await openInvite();
    fill(dialog, { 'E-mail': 'admin@northwind.test', 'First name': 'Avery', 'Last name': 'Admin' });
    submit(dialog);
    expect(await screen.findByText('Could not invite user')).toBeTruthy();
    expect(screen.getByText('A user with this e-mail already exists')).toBeTruthy();
    expect((within(dialog).getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'admin@northwind.test',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('disables Invite user when every seat of the plan is taken', async () => {
    const { people } = usersServer(2);
    people.push(userSummaryOf({ status: 'invited' }));
    renderScreen(<Users />, { route: '/users' });
    expect(await screen.findByText('2 of 2 seats used')).toBeTruthy();
    expect(
      screen.getByText(
        /All seats are in use: deactivate a user or change plan to invite another\./,
      ),
    ).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Invite user' }))).toBe(true);
  });
});
