import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExtractedDataItem } from '@shared/api/documents';
import type { ExtractedFieldName } from '@shared/api/fields';
import { createQueryClient } from '../../lib/api';
import { ExtractedFieldsForm } from './ExtractedFieldsForm';
import { documentKeys, useExtractedData } from './use-document';
import { AUTH_KEY } from '../auth/use-auth';
import { userOf } from '../../test/fixtures';

const DOC = { id: '7157ef0b-69a5-410f-a075-b6ec605bc1aa', originalName: 'cert.pdf' };

const item = (
  id: string,
  fieldName: ExtractedFieldName,
  extractedValue: string,
): ExtractedDataItem => ({
  id,
  fieldName,
  extractedValue,
  confidenceScore: 0.93,
  page: 1,
  box: null,
  refinedBy: null,
  reviewNotes: [],
  validatedValue: null,
  validatedBy: null,
  validatedByName: null,
  validatedAt: null,
});

const FIELDS = [
  item('a1', 'studentName', 'Jordan Avery Pilot'),
  item('b2', 'licenseNumber', '3456789'),
  item('c3', 'instructorName', 'Morgan Lee'),
];

/** The server's answer: the field confirmed, the document validated once all three are. */
function fakeServer() {
  const validated = new Set<string>();
  return vi.fn(async (url: string, init?: RequestInit) => {
    const id = /extracted-data\/(\w+)\/validate$/.exec(url)?.[1];
    if (!id || init?.method !== 'POST') return new Response('{}', { status: 404 });
    validated.add(id);
    const { validatedValue } = JSON.parse(String(init.body)) as { validatedValue: string };
    const field = FIELDS.find((f) => f.id === id)!;
    const answer = {
      ...field,
      validatedValue,
      validatedBy: 'u1',
      validatedByName: 'Site Administrator',
      validatedAt: '2026-03-01T10:00:00.000Z',
      documentStatus: validated.size === FIELDS.length ? 'validated' : 'processed',
    };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
}

function Form({ editable }: { editable: boolean }) {
  const fields = useExtractedData(DOC.id);
  if (!fields.data) return null;
  return (
    <ExtractedFieldsForm
      document={{ ...DOC, status: 'processed' }}
      fields={fields.data}
      editable={editable}
    />
  );
}

function renderForm(editable = true) {
  const client = createQueryClient();
  client.setQueryData(documentKeys.fields(DOC.id), FIELDS);
  // The organization's review threshold comes with the signed-in user.
  client.setQueryData(AUTH_KEY, userOf('admin'));
  return render(
    <QueryClientProvider client={client}>
      <Form editable={editable} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExtractedFieldsForm', () => {
  it('sends a corrected value, then validates the rest one request at a time', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    renderForm();

    fireEvent.change(screen.getByLabelText('Instructor'), { target: { value: ' Morgan A. Lee ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate Instructor' }));
    await screen.findByText(/Validated by Site Administrator/);
    expect(screen.getByText('Morgan Lee')).toBeTruthy();
    expect(server).toHaveBeenCalledTimes(1);
    expect(server.mock.calls[0]![0]).toBe('/api/extracted-data/c3/validate');
    expect(JSON.parse(String(server.mock.calls[0]![1]!.body))).toEqual({
      validatedValue: 'Morgan A. Lee',
    });
    expect(screen.getByText('2 of 3 fields awaiting validation.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Validate all' }));
    await screen.findByText('Every field is validated.');
    expect(server.mock.calls.map(([url]) => url)).toEqual([
      '/api/extracted-data/c3/validate',
      '/api/extracted-data/a1/validate',
      '/api/extracted-data/b2/validate',
    ]);
    expect(screen.getAllByText(/Validated by Site Administrator/)).toHaveLength(3);
    expect(
      (screen.getByRole('button', { name: 'Validate all' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps a value the server refused and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Forbidden', code: 'forbidden' }), {
            status: 403,
          }),
      ),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Certificate Number'), { target: { value: '3456780' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate Certificate Number' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Validate Certificate Number' }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );
    expect((screen.getByLabelText('Certificate Number') as HTMLInputElement).value).toBe('3456780');
    expect(screen.queryByText(/Validated by/)).toBeNull();
  });

  it('shows the fields read-only to roles that cannot validate', () => {
    renderForm(false);
    expect(screen.getByText('Jordan Avery Pilot')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Validate/ })).toBeNull();
  });
});
