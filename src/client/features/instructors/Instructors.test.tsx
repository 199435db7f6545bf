import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Instructors from '../../pages/app/Instructors';
import { apiError, fakeApi, json, type ApiCall } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { chooseOption, onDesktop, renderScreen, typeInto } from '../../test/render';
import { instructorOf, listOf, OVERDUE, OVERDUE_ID } from './test-data';

const CURRENT = instructorOf();
const NEW_ID = '5c4b3a29-1807-4f6e-8d5c-4b3a29180706';

/** The server filters by status and course; the counts cover the whole organization. */
function openList(route = '/instructors', role: 'admin' | 'auditor' | 'viewer' = 'admin') {
  onDesktop();
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/instructors': ({ query }: ApiCall) =>
      listOf(
        [CURRENT, OVERDUE].filter(
          (f) =>
            (!query.status || f.status === query.status) &&
            (!query.course || f.designations.some((d) => d.course === query.course)),
        ),
      ),
  });
  return { api, ...renderScreen(<Instructors />, { route }) };
}

const chip = (name: RegExp) => screen.getByRole('button', { name });
const rows = () => screen.getAllByRole('row').slice(1);

describe('the Instructors list', () => {
  it('shows the counts from the server and each person’s status with its paragraph', async () => {
    openList();
    await screen.findByRole('link', { name: 'Riley Stone' });
    expect(chip(/^All/).textContent).toBe('All7');
    expect(chip(/^Current/).textContent).toBe('Current4');
    expect(chip(/^Due within 30 days/).textContent).toBe('Due within 30 days1');
    expect(chip(/^Overdue/).textContent).toBe('Overdue1');
    expect(chip(/^Not eligible/).textContent).toBe('Not eligible1');
    expect(chip(/^All/).getAttribute('aria-pressed')).toBe('true');

    const riley = rows().find((row) => row.textContent?.includes('Riley Stone'))!;
    expect(within(riley).getByText('Overdue')).toBeTruthy();
    expect(
      within(riley).getByText(
        '142.53(a)(7): The annual proficiency check was due by 01/31/2025 and the grace month has passed.',
      ),
    ).toBeTruthy();
    expect(within(riley).getByText('Evaluator')).toBeTruthy();
    expect(within(riley).getByText('01/31/2025')).toBeTruthy();
    expect(within(riley).getByRole('link').getAttribute('href')).toBe(`/instructors/${OVERDUE_ID}`);

    const morgan = rows().find((row) => row.textContent?.includes('Morgan Hale'))!;
    expect(within(morgan).getByText('B737 type rating')).toBeTruthy();
  });

  it('filters by status and course, keeping both in the URL', async () => {
    const { api, search } = openList();
    await screen.findByRole('link', { name: 'Riley Stone' });

    fireEvent.click(chip(/^Overdue/));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(search()).toEqual({ status: 'overdue' });
    expect(api.callsTo('GET /api/instructors').at(-1)!.query).toEqual({ status: 'overdue' });
    expect(chip(/^Overdue/).getAttribute('aria-pressed')).toBe('true');
    // The counts stay those of the whole organization.
    expect(chip(/^All/).textContent).toBe('All7');

    await chooseOption(screen.getByRole('combobox', { name: 'Course' }), 'B737 type rating');
    await screen.findByText('No instructor matches');
    expect(search()).toEqual({ status: 'overdue', course: 'B737 type rating' });
    expect(api.callsTo('GET /api/instructors').at(-1)!.query).toEqual({
      status: 'overdue',
      course: 'B737 type rating',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Riley Stone' });
    expect(search()).toEqual({});
  });

  it('opens the view a link names', async () => {
    const { api } = openList('/instructors?status=current&course=B737+type+rating');
    await screen.findByRole('link', { name: 'Morgan Hale' });
    expect(rows()).toHaveLength(1);
    expect(api.callsTo('GET /api/instructors')[0]!.query).toEqual({
      status: 'current',
      course: 'B737 type rating',
    });
  });

  it('adds a file, shows the server’s refusal next to its field, then opens the new file', async () => {
    const { api, location } = openList();
    await screen.findByRole('link', { name: 'Riley Stone' });
    api.on('POST /api/instructors', () =>
      apiError(422, 'Validation failed', 'validation_failed', [
        { path: 'employedFrom', message: 'Employment cannot start in the future' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: /Add instructor/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add instructor' });
    typeInto(within(dialog).getByLabelText(/^Name/), 'Casey North');
    typeInto(within(dialog).getByLabelText(/^Employed from/), '2030-01-01');
    fireEvent.click(within(dialog).getByLabelText(/Instructs in an aircraft/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create file' }));

    const field = within(dialog).getByLabelText(/^Employed from/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Employment cannot start in the future')).toBeTruthy();
    expect(api.callsTo('POST /api/instructors')[0]!.body).toEqual({
      name: 'Casey North',
      role: 'instructor',
      employedFrom: '2030-01-01',
      employedUntil: null,
      certificates: null,
      userId: null,
      notes: null,
      instructsInAircraft: true,
      atpSimulator: false,
    });

    api.on('POST /api/instructors', () =>
      json(instructorOf({ id: NEW_ID, name: 'Casey North' }), 201),
    );
    typeInto(within(dialog).getByLabelText(/^Employed from/), '2024-01-08');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create file' }));
    await waitFor(() => expect(location().pathname).toBe(`/instructors/${NEW_ID}`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no Add button to an Auditor, and nothing to a Viewer', async () => {
    const { unmount } = openList('/instructors', 'auditor');
    await screen.findByRole('link', { name: 'Riley Stone' });
    expect(screen.queryByRole('button', { name: /Add instructor/ })).toBeNull();
    unmount();

    const { api } = openList('/instructors', 'viewer');
    await screen.findByText(/your role does not read other people’s files/);
    expect(api.callsTo('GET /api/instructors')).toHaveLength(0);
  });

  it('says what to do when the centre has no file yet', async () => {
    onDesktop();
    fakeApi({
      ...signedInAs('admin'),
      'GET /api/instructors': listOf([], {
        total: 0,
        current: 0,
        due_soon: 0,
        overdue: 0,
        not_eligible: 0,
      }),
    });
    renderScreen(<Instructors />, { route: '/instructors' });
    await screen.findByText('No instructor files yet');
    expect(screen.getByText(/Add the first one/)).toBeTruthy();
  });
});
