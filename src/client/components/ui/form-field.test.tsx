import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { newPassword, withPasswordConfirmation } from '@shared/api/auth';
import { NewPasswordFields, TextField } from './form-field';

const schema = withPasswordConfirmation(
  z.object({ email: z.email('Enter a valid e-mail address'), password: newPassword }),
  'password',
);
type Values = z.infer<typeof schema>;

function ChooseAccount({ onSave }: { onSave: (values: Values) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField
        id="email"
        label="E-mail"
        type="email"
        error={form.formState.errors.email?.message}
        registration={form.register('email')}
      />
      <NewPasswordFields form={form} name="password" hint="At least 12 characters." />
      <button type="submit">Save</button>
    </form>
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(cleanup);

describe('TextField and NewPasswordFields', () => {
  it('shows each error under its field and ties the field to it', async () => {
    render(<ChooseAccount onSave={vi.fn()} />);
    expect(screen.getByText('At least 12 characters.')).toBeTruthy();
    fill('E-mail', 'not an address');
    fill('Password', 'a long enough passphrase');
    fill('Confirm password', 'a different passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const mismatch = await screen.findByText('The passwords do not match');
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe(mismatch.id);
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a valid e-mail address',
    );
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect(password.hasAttribute('aria-describedby')).toBe(false);
  });

  it('asks for the confirmation and applies the password rule', async () => {
    render(<ChooseAccount onSave={vi.fn()} />);
    fill('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(screen.getByText('Repeat the password')).toBeTruthy();
    // The hint gives way to the error rather than standing beside it.
    expect(screen.queryByText('At least 12 characters.')).toBeNull();
  });

  it('submits matching passwords', async () => {
    const onSave = vi.fn();
    render(<ChooseAccount onSave={onSave} />);
    fill('E-mail', 'pilot@example.test');
    fill('Password', 'a long enough passphrase');
    fill('Confirm password', 'a long enough passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      email: 'pilot@example.test',
      password: 'a long enough passphrase',
      confirmPassword: 'a long enough passphrase',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
