import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, setDateDisplay } from '../../lib/format';
import { currentUser, type UpdateProfileRequest } from '@shared/api/auth';
import Settings from '../../pages/app/Settings';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { userOf } from '../../test/fixtures';
import { chooseOption, isDisabled, renderScreen, typeInto } from '../../test/render';

/** The session and profile calls of one instructor; a profile change is kept for the next read. */
function profileServer() {
  let me = userOf('instructor');
  const api = fakeApi({
    'GET /api/auth/user': () => me,
    'PATCH /api/auth/user': ({ body }: ApiCall) => {
      me = currentUser.parse({ ...me, ...(body as UpdateProfileRequest) });
      return me;
    },
    'POST /api/auth/password': { ok: true },
  });
  return api;
}

async function openSettings() {
  renderScreen(<Settings />, { route: '/settings' });
  await screen.findByRole('heading', { name: 'Profile' });
}

const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });

describe('Settings: change password', () => {
  function fillPasswords(current: string, next: string, confirm: string) {
    const form = passwordForm();
    typeInto(within(form).getByLabelText('Current password'), current);
    typeInto(within(form).getByLabelText('New password'), next);
    typeInto(within(form).getByLabelText('Confirm new password'), confirm);
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
  }

  it('checks the new password and its confirmation before sending anything', async () => {
    const api = profileServer();
    await openSettings();
    fillPasswords('', 'short', 'shorter');
    const form = passwordForm();
    await within(form).findByText('Use at least 12 characters');
    expect(within(form).getByText('Enter your current password')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match')).toBeTruthy();
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.callsTo('POST /api/auth/password')).toHaveLength(0);
  });

  it('sends the current and new password, clears the form and says other devices were signed out', async () => {
    const api = profileServer();
    await openSettings();
    fillPasswords('old passphrase 2024', 'a much longer passphrase', 'a much longer passphrase');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Your other devices were signed out.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password').map((c) => c.body)).toEqual([
      { currentPassword: 'old passphrase 2024', newPassword: 'a much longer passphrase' },
    ]);
    const form = passwordForm();
    await waitFor(() =>
      expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('puts a wrong current password next to that field', async () => {
    const api = profileServer();
    api.on('POST /api/auth/password', () =>
      apiError(422, 'Your current password is not correct', 'validation_failed', [
        { path: 'currentPassword', message: 'Your current password is not correct' },
      ]),
    );
    await openSettings();
    fillPasswords('not my password', 'a much longer passphrase', 'a much longer passphrase');
    const form = passwordForm();
    const error = await within(form).findByText('Your current password is not correct');
    const field = within(form).getByLabelText('Current password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    // The new password is kept so only the wrong field has to be typed again.
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe(
      'a much longer passphrase',
    );
  });

  it('says a failure that belongs to no field above the button', async () => {
    const api = profileServer();
    api.on('POST /api/auth/password', () =>
      apiError(429, 'Too many attempts. Try again in a minute.', 'rate_limited'),
    );
    await openSettings();
    fillPasswords('old passphrase 2024', 'a much longer passphrase', 'a much longer passphrase');
    expect((await within(passwordForm()).findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in a minute.',
    );
  });
});

describe('Settings: auto-logout', () => {
  it('offers Save only after a change, and saves the minutes with the stored name', async () => {
    const api = profileServer();
    await openSettings();
    const select = screen.getByRole('combobox', { name: 'Auto-logout' });
    expect(select.textContent).toBe('30 minutes');
    expect(screen.queryByRole('button', { name: 'Save auto-logout' })).toBeNull();

    await chooseOption(select, '60 minutes');
    fireEvent.click(await screen.findByRole('button', { name: 'Save auto-logout' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(screen.getByText('You are signed out after 60 minutes without activity.')).toBeTruthy();
    expect(api.callsTo('PATCH /api/auth/user').map((c) => c.body)).toEqual([
      { firstName: 'Dana', lastName: 'Fox', autoLogoutMinutes: 60 },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save auto-logout' })).toBeNull(),
    );
    expect(screen.getByRole('combobox', { name: 'Auto-logout' }).textContent).toBe('60 minutes');
  });

  it('puts the choice back on Cancel and sends nothing', async () => {
    const api = profileServer();
    await openSettings();
    const select = screen.getByRole('combobox', { name: 'Auto-logout' });
    await chooseOption(select, '120 minutes');
    fireEvent.click(await within(select.closest('form')!).findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Auto-logout' }).textContent).toBe('30 minutes'),
    );
    expect(api.callsTo('PATCH /api/auth/user')).toHaveLength(0);
  });
});

describe('Settings: profile', () => {
  const profile = () => screen.getByRole('heading', { name: 'Profile' }).closest('form')!;

  it('enables Update Profile only once the name changes, and requires a name', async () => {
    const api = profileServer();
    await openSettings();
    const form = profile();
    const update = within(form).getByRole('button', { name: 'Update Profile' });
    expect(isDisabled(update)).toBe(true);
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true);

    typeInto(within(form).getByLabelText('First name'), '   ');
    expect(isDisabled(update)).toBe(false);
    fireEvent.click(update);
    expect((await within(form).findByRole('alert')).textContent).toBe('Required');
    expect(api.callsTo('PATCH /api/auth/user')).toHaveLength(0);
  });

  it('saves the new name and keeps the auto-logout as it was', async () => {
    const api = profileServer();
    await openSettings();
    const form = profile();
    typeInto(within(form).getByLabelText('Last name'), ' Fox-Whitaker ');
    fireEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(api.callsTo('PATCH /api/auth/user').map((c) => c.body)).toEqual([
      { firstName: 'Dana', lastName: 'Fox-Whitaker', autoLogoutMinutes: 30 },
    ]);
    await waitFor(() =>
      expect(isDisabled(within(form).getByRole('button', { name: 'Update Profile' }))).toBe(true),
    );
  });
});

describe('Settings: preferences saved to the account', () => {
  const preferencesForm = () => screen.getByRole('form', { name: 'Preferences' });

  function preferencesServer() {
    let me = userOf('instructor');
    const api = fakeApi({
      'GET /api/auth/user': () => me,
      'PUT /api/settings/preferences': ({ body }: ApiCall) => {
        const saved = { ...(body as object), timezoneChosen: true };
        me = currentUser.parse({ ...me, preferences: saved });
        return saved;
      },
    });
    return api;
  }

  afterEach(() => {
    document.documentElement.classList.remove('dark');
    setDateDisplay({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' });
  });

  it('saves nothing until Save Changes, then sends every preference and applies the theme and dates', async () => {
    const api = preferencesServer();
    await openSettings();
    const form = preferencesForm();
    const save = within(form).getByRole('button', { name: 'Save Changes' });
    expect(isDisabled(save)).toBe(true);

    await chooseOption(within(form).getByRole('combobox', { name: 'Theme' }), 'Dark');
    await chooseOption(
      within(form).getByRole('combobox', { name: 'Date format' }),
      'DD/MM/YYYY (25/11/2026, 14:05)',
    );
    fireEvent.click(within(form).getByRole('switch', { name: 'Document updates' }));
    expect(within(form).getByText('Unsaved changes')).toBeTruthy();
    // Nothing applies before Save.
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(api.callsTo('PUT /api/settings/preferences')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    expect(api.callsTo('PUT /api/settings/preferences').map((c) => c.body)).toEqual([
      {
        timezone: 'America/New_York',
        language: 'en',
        theme: 'dark',
        dateFormat: 'DD/MM/YYYY',
        notifications: {
          email: true,
          complianceAlerts: true,
          documentUpdates: false,
          systemMaintenance: false,
        },
        autoLogoutMinutes: 30,
      },
    ]);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(formatDate('2026-11-25')).toBe('25/11/2026');
  });

  it('puts the saved values back on Cancel and sends nothing', async () => {
    const api = preferencesServer();
    await openSettings();
    const form = preferencesForm();
    await chooseOption(within(form).getByRole('combobox', { name: 'Language' }), 'Français');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Language' }).textContent).toBe('English'),
    );
    expect(within(form).queryByText('Unsaved changes')).toBeNull();
    expect(api.callsTo('PUT /api/settings/preferences')).toHaveLength(0);
  });

  it('asks before following a link while changes are unsaved, and stays when told to', async () => {
    preferencesServer();
    await openSettings();
    const form = preferencesForm();
    fireEvent.click(within(form).getByRole('switch', { name: 'System maintenance' }));
    const link = document.body.appendChild(document.createElement('a'));
    link.href = '/dashboard';
    link.textContent = 'Dashboard';
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes. Leave this page and lose them?',
    );
    expect(click.defaultPrevented).toBe(true);
    confirm.mockRestore();
    link.remove();
  });

  it('shows the server’s refusal next to the field it names', async () => {
    fakeApi({
      'GET /api/auth/user': () => userOf('instructor'),
      'PUT /api/settings/preferences': apiError(
        422,
        'The request is not valid',
        'validation_failed',
        [{ path: 'timezone', message: 'Unknown timezone: choose one from the list' }],
      ),
    });
    await openSettings();
    const form = preferencesForm();
    await chooseOption(within(form).getByRole('combobox', { name: 'Theme' }), 'Dark');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(form).findByText('Unknown timezone: choose one from the list'),
    ).toBeTruthy();
  });
});
