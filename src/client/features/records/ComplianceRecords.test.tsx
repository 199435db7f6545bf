import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type TrainingEvent } from '@shared/api/training-events';
import type { Role } from '@shared/constants/roles';
import ComplianceRecords from '../../pages/app/ComplianceRecords';
import { apiError, fakeApi, json, type ApiCall, type ApiRoutes } from '../../test/fake-api';
import { documentOf, extractedFieldOf, signedInAs, trainingEventOf } from '../../test/fixtures';
import { chooseOption, isDisabled, renderScreen, typeInto } from '../../test/render';

const STUDENTS = ['Ana Ruiz', 'Ben Okafor', 'Chloé Martin', 'Dev Patel', 'Eun-ji Park'];
const STATUSES = ['completed', 'completed', 'pending', 'failed'] as const;

/** 60 records: five students, mostly completed, newest first. */
const EVENTS: TrainingEvent[] = Array.from({ length: 60 }, (_, i) =>
  trainingEventOf({
    id: `evt-${String(i + 1).padStart(2, '0')}`,
    studentName: `${STUDENTS[i % STUDENTS.length]} ${i + 1}`,
    status: STATUSES[i % STATUSES.length],
    eventDate: `2025-0${1 + (i % 9)}-1${i % 10}`,
  }),
);

/** GET /api/training-events as the server answers it: filtered, paged, total in a header. */
function listOf(events: TrainingEvent[]) {
  return ({ query }: ApiCall) => {
    const matching = events.filter(
      (e) =>
        (!query.search || e.studentName.toLowerCase().includes(query.search.toLowerCase())) &&
        (!query.status || e.status === query.status),
    );
    const page = Number(query.page ?? 1);
    const size = Number(query.pageSize ?? 100);
    return json(matching.slice((page - 1) * size, page * size), 200, {
      [TOTAL_COUNT_HEADER]: String(matching.length),
    });
  };
}

function openRecords(route = '/compliance-records', role: Role = 'auditor', extra: ApiRoutes = {}) {
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/training-events': listOf(EVENTS),
    ...extra,
  });
  const view = renderScreen(<ComplianceRecords />, { route });
  const listed = () => api.callsTo('GET /api/training-events').map((c) => c.query);
  return { api, ...view, listed };
}

/** Student names in the table, top to bottom (the first link of each row is the student). */
function rows() {
  return Array.from(
    screen.getByRole('table').querySelectorAll('tbody tr'),
    (row) => row.querySelector('a')?.textContent,
  );
}

const pagesNav = () => screen.getByRole('navigation', { name: 'Pages of training events' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search training events' });

describe('Compliance Records: search, filters and pages in the URL', () => {
  it('asks the server for the first page and lists it with the total', async () => {
    const { listed } = openRecords();
    expect(await screen.findByText('60 events, newest first')).toBeTruthy();
    expect(listed()).toEqual([{ page: '1', pageSize: '25' }]);
    expect(rows()).toHaveLength(25);
    expect(rows()[0]).toBe('Ana Ruiz 1');
    expect(within(pagesNav()).getByText(/1–25 of 60 · page 1 of 3/)).toBeTruthy();
    expect(isDisabled(within(pagesNav()).getByRole('button', { name: 'Previous' }))).toBe(true);
  });

  it('reproduces a view from a link: filters open, fields filled, the server asked the same', async () => {
    const { listed } = openRecords(
      '/compliance-records?q=ana&status=failed&instructor=Fox&from=2025-01-01&to=2025-06-30',
    );
    await screen.findByText(/events? match/);
    expect(listed()[0]).toEqual({
      search: 'ana',
      status: 'failed',
      instructor: 'Fox',
      from: '2025-01-01',
      to: '2025-06-30',
      page: '1',
      pageSize: '25',
    });
    expect((searchBox() as HTMLInputElement).value).toBe('ana');
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Status' }).textContent).toBe('Failed');
    expect((within(filters).getByLabelText('Instructor') as HTMLInputElement).value).toBe('Fox');
    expect((within(filters).getByLabelText('From date') as HTMLInputElement).value).toBe(
      '2025-01-01',
    );
    // The range cannot be turned inside out from the date pickers.
    expect(within(filters).getByLabelText('From date').getAttribute('max')).toBe('2025-06-30');
    expect(within(filters).getByLabelText('To date').getAttribute('min')).toBe('2025-01-01');
    expect(screen.getByRole('button', { name: /Filter/ }).textContent).toContain('4');
    expect(screen.getByLabelText('4 active')).toBeTruthy();
  });

  it('sends the search once typing pauses, and only the last text', async () => {
    const { listed, search } = openRecords('/compliance-records?page=2');
    await screen.findByText('60 events, newest first');
    typeInto(searchBox(), 'b');
    typeInto(searchBox(), 'be');
    typeInto(searchBox(), 'ben');
    await waitFor(() => expect(search()).toEqual({ q: 'ben' }));
    expect(await screen.findByText('12 events match')).toBeTruthy();
    expect(listed().map((q) => q.search ?? null)).toEqual([null, 'ben']);
    // A new search starts again at page 1.
    expect(listed()[1]).toMatchObject({ page: '1' });
    expect(rows().every((name) => name?.startsWith('Ben Okafor'))).toBe(true);
  });

  it('filters by status from the Filter panel and counts the filter', async () => {
    const { listed, search } = openRecords();
    await screen.findByText('60 events, newest first');
    const toggle = screen.getByRole('button', { name: /Filter/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(isDisabled(within(filters).getByRole('button', { name: 'Clear filters' }))).toBe(true);

    await chooseOption(within(filters).getByRole('combobox', { name: 'Status' }), 'Pending');
    await waitFor(() => expect(search()).toEqual({ status: 'pending' }));
    expect(await screen.findByText('15 events match')).toBeTruthy();
    expect(listed().at(-1)).toEqual({ status: 'pending', page: '1', pageSize: '25' });
    expect(screen.getByLabelText('1 active')).toBeTruthy();
    expect(isDisabled(within(filters).getByRole('button', { name: 'Clear filters' }))).toBe(false);

    fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search()).toEqual({}));
    expect(await screen.findByText('60 events, newest first')).toBeTruthy();
  });

  it('keeps the page in the URL and moves through pages', async () => {
    const { listed, search } = openRecords();
    await screen.findByText('60 events, newest first');
    fireEvent.click(within(pagesNav()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search()).toEqual({ page: '2' }));
    await waitFor(() => expect(rows()[0]).toBe('Ana Ruiz 26'));
    expect(within(pagesNav()).getByText(/26–50 of 60 · page 2 of 3/)).toBeTruthy();

    fireEvent.click(within(pagesNav()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(within(pagesNav()).getByText(/51–60 of 60 · page 3 of 3/)).toBeTruthy();
    expect(isDisabled(within(pagesNav()).getByRole('button', { name: 'Next' }))).toBe(true);
    expect(listed().map((q) => q.page)).toEqual(['1', '2', '3']);

    fireEvent.click(within(pagesNav()).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(search()).toEqual({ page: '2' }));
  });

  it('changing a filter on a later page goes back to page 1', async () => {
    const { search } = openRecords('/compliance-records?page=3&status=completed');
    await screen.findByText('30 events match');
    const filters = screen.getByRole('group', { name: 'Filters' });
    typeInto(within(filters).getByLabelText('Event type'), 'Recurrent');
    await waitFor(() => expect(search()).toEqual({ status: 'completed', type: 'Recurrent' }));
  });

  it('sets the date range in the URL as the dates are picked', async () => {
    const { search, listed } = openRecords('/compliance-records?status=failed');
    await screen.findByText('15 events match');
    const filters = screen.getByRole('group', { name: 'Filters' });
    typeInto(within(filters).getByLabelText('From date'), '2025-03-01');
    await waitFor(() => expect(search()).toEqual({ status: 'failed', from: '2025-03-01' }));
    typeInto(within(filters).getByLabelText('To date'), '2025-04-30');
    await waitFor(() =>
      expect(search()).toEqual({ status: 'failed', from: '2025-03-01', to: '2025-04-30' }),
    );
    await waitFor(() =>
      expect(listed().at(-1)).toMatchObject({ from: '2025-03-01', to: '2025-04-30' }),
    );
  });

  it('says when nothing matches and clears the filters from there', async () => {
    const { search } = openRecords('/compliance-records?q=zz-nobody&status=failed');
    expect(
      await screen.findByText('No event matches the current search and filters.'),
    ).toBeTruthy();
    expect(screen.getByText('0 events match')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(search()).toEqual({}));
    expect(await screen.findByText('60 events, newest first')).toBeTruthy();
    expect((searchBox() as HTMLInputElement).value).toBe('');
  });

  it('offers the first page when a link points past the last one', async () => {
    const { search } = openRecords('/compliance-records?page=9');
    expect(
      await screen.findByText('This page is past the last one (60 events in all).'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(search()).toEqual({}));
    expect(await screen.findByText('60 events, newest first')).toBeTruthy();
  });

  it('drops values from the URL the server would refuse', async () => {
    const { listed } = openRecords('/compliance-records?status=archived&from=2025-02-30&page=-1');
    await screen.findByText('60 events, newest first');
    expect(listed()).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('says the list could not be loaded, with the server’s message', async () => {
    openRecords('/compliance-records', 'auditor', {
      'GET /api/training-events': () =>
        apiError(500, 'Internal server error (request 4f1c)', 'internal_error'),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the training events. Internal server error (request 4f1c)',
    );
  });

  it('links every record to its page and offers its proof bundle to roles that export', async () => {
    openRecords('/compliance-records?q=Dev%20Patel%2049');
    await screen.findByText('1 event match');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getByRole('link', { name: /^View Dev Patel 49, Recurrent/ })
        .getAttribute('href'),
    ).toBe('/compliance-records/evt-49');
    expect(
      within(table)
        .getByRole('link', { name: /^Download proof bundle of Dev Patel 49/ })
        .getAttribute('href'),
    ).toBe('/api/training-events/evt-49/proof');
  });
});

describe('Compliance Records by role', () => {
  it('gives a Viewer neither New training event nor Import, nor proof downloads', async () => {
    openRecords('/compliance-records', 'viewer');
    await screen.findByText('60 events, newest first');
    expect(screen.queryByRole('button', { name: 'New training event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: /^Download proof bundle/ })).toHaveLength(0);
  });

  it('records a new training event and shows its ledger leaf', async () => {
    const created = trainingEventOf({
      id: 'evt-new',
      studentName: 'Frances Oyelaran',
      eventType: 'Initial',
      eventDate: '2025-03-01',
      instructor: null,
      ledgerIndex: 61,
    });
    const { api } = openRecords('/compliance-records', 'instructor', {
      'POST /api/training-events': created,
    });
    await screen.findByText('60 events, newest first');
    fireEvent.click(screen.getByRole('button', { name: 'New training event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New training event' });
    typeInto(within(dialog).getByLabelText('Student name'), '  Frances Oyelaran ');
    typeInto(within(dialog).getByLabelText('Event type'), 'Initial');
    typeInto(within(dialog).getByLabelText('Date'), '2025-03-01');
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Status' }), 'Pending');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create training event' }));

    expect(await screen.findByText('Training event created')).toBeTruthy();
    expect(
      screen.getByText('Frances Oyelaran, Initial: recorded in the ledger as leaf #61.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/training-events')[0]?.body).toEqual({
      studentName: 'Frances Oyelaran',
      licenseNumber: null,
      course: null,
      eventType: 'Initial',
      eventDate: '2025-03-01',
      status: 'pending',
      result: null,
      instructor: null,
      evaluator: null,
      remarks: null,
      sourceDocumentId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked for again so the new record shows.
    await waitFor(() => expect(api.callsTo('GET /api/training-events')).toHaveLength(2));
  });

  it('refuses a completed event dated in the future before sending it', async () => {
    const { api } = openRecords('/compliance-records', 'admin', {
      'POST /api/training-events': trainingEventOf(),
    });
    await screen.findByText('60 events, newest first');
    fireEvent.click(screen.getByRole('button', { name: 'New training event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New training event' });
    typeInto(within(dialog).getByLabelText('Student name'), 'Ana Ruiz');
    typeInto(within(dialog).getByLabelText('Event type'), 'Recurrent');
    typeInto(within(dialog).getByLabelText('Date'), '2999-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create training event' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The date is in the future; only pending events can be dated later than today',
    );
    expect(within(dialog).getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/training-events')).toHaveLength(0);
  });

  it('prefills the form from a document named in the link, saying what is not validated', async () => {
    const documentId = '7157ef0b-69a5-410f-a075-b6ec605bc1aa';
    const { search } = openRecords(`/compliance-records?fromDocument=${documentId}`, 'instructor', {
      'GET /api/documents/:id': documentOf({ id: documentId, originalName: 'quinn.pdf' }),
      'GET /api/documents/:id/extracted-data': [
        extractedFieldOf('studentName', 'Avery Quinn', { validatedAt: '2025-02-01T10:00:00.000Z' }),
        extractedFieldOf('trainingDate', '2025-01-31'),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'New training event' });
    expect((await within(dialog).findByText(/Prefilled from/)).textContent).toBe(
      'Prefilled from quinn.pdf: Student name, Date. The document is not validated yet: check every value against it.',
    );
    expect((within(dialog).getByLabelText('Student name') as HTMLInputElement).value).toBe(
      'Avery Quinn',
    );
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2025-01-31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Closing forgets the document, so a reload does not open the form again.
    await waitFor(() => expect(search()).toEqual({}));
  });
});
