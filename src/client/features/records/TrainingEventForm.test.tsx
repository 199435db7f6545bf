import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { EMPTY_EVENT } from './event-form';
import { TrainingEventForm } from './TrainingEventForm';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async () => {})) {
  render(
    <TrainingEventForm
      idPrefix="t"
      defaultValues={EMPTY_EVENT}
      submitLabel="Create training event"
      submittingLabel="Recording…"
      onSubmit={onSubmit}
    />,
  );
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () =>
    fireEvent.click(screen.getByRole('button', { name: 'Create training event' }));
  return { onSubmit, type, submit };
}

describe('TrainingEventForm', () => {
  it('shows what is missing next to each required field and sends nothing', async () => {
    const { onSubmit, submit } = renderForm();
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getByLabelText('Student name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the record with blank optional fields as null', async () => {
    const { onSubmit, type, submit } = renderForm();
    type('Student name', 'Ana Ruiz');
    type('Event type', 'Recurrent');
    type('Date', '2025-03-01');
    type('Instructor', 'Dana Fox');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        studentName: 'Ana Ruiz',
        eventDate: '2025-03-01',
        status: 'completed',
        instructor: 'Dana Fox',
        licenseNumber: null,
        remarks: null,
        sourceDocumentId: null,
      }),
    );
  });

  it('puts a field error from the server next to that field', async () => {
    const refused = new ApiError(
      422,
      {
        message: 'eventDate: the date is before 1950',
        code: 'validation_failed',
        issues: [{ path: 'eventDate', message: 'The date is before 1950' }],
      },
      '422: …',
    );
    const { type, submit } = renderForm(
      vi.fn(async () => {
        throw refused;
      }),
    );
    type('Student name', 'Ana Ruiz');
    type('Event type', 'Recurrent');
    type('Date', '2025-03-01');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The date is before 1950');
    expect(screen.getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
  });
});
