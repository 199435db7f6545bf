import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InstructorDetail from '../../pages/app/InstructorDetail';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { documentOf, signedInAs, userOf } from '../../test/fixtures';
import { chooseOption, onDesktop, renderScreen, typeInto } from '../../test/render';
import { CURRENT_ID, DOCUMENT_ID, EVENT_ID, instructorOf, OVERDUE, OVERDUE_ID } from './test-data';

function openFile(file = instructorOf(), role: 'admin' | 'instructor' | 'auditor' = 'admin') {
  onDesktop();
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/instructors/:id': file,
    'GET /api/documents': [
      documentOf({
        id: DOCUMENT_ID,
        originalName: 'Stone proficiency check.pdf',
        status: 'validated',
      }),
    ],
    // What the validated fields of that document say for this file.
    'GET /api/instructors/:id/evidence/:documentId': {
      documentId: DOCUMENT_ID,
      documentName: 'Stone proficiency check.pdf',
      validated: true,
      names: ['Morgan Hale'],
      personMatches: true,
      kind: 'proficiency_check_142_53_a7',
      kindFrom: 'Annual proficiency check',
      completedAt: '2025-02-20',
      course: null,
      result: 'Satisfactory',
      problems: [],
    },
    // The server answers with the file recomputed, as a new version.
    'POST /api/instructors/:id/qualifications': () =>
      json(
        instructorOf({
          ...file,
          version: file.version + 1,
          qualifications: [
            {
              id: 'q-3',
              kind: 'proficiency_check_142_53_a7',
              paragraph: '142.53(a)(7)',
              completedAt: '2025-02-20',
              course: null,
              device: 'FFS Level D',
              documentId: DOCUMENT_ID,
              trainingEventId: null,
              recordedBy: 'Avery Admin',
              createdAt: '2025-02-20T09:00:00.000Z',
            },
            ...file.qualifications,
          ],
        }),
        201,
      ),
  });
  const view = renderScreen(<InstructorDetail />, {
    route: `/instructors/${file.id}`,
    path: '/instructors/:id',
  });
  return { api, ...view };
}

const form = () => screen.getByRole('form', { name: 'Add qualification' });

describe('the person page', () => {
  it('heads the file with its status and the paragraph that decides it', async () => {
    openFile(OVERDUE);
    await screen.findByRole('heading', { name: 'Riley Stone' });
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByTestId('status-reason').textContent).toBe(
      '142.53(a)(7): The annual proficiency check was due by 01/31/2025 and the grace month has passed.',
    );
    expect(screen.getByText(/No written designation yet/)).toBeTruthy();
  });

  it('shows the 24-hour windows over 142.49(c)(1)’s 8 hours, with their sessions', async () => {
    openFile(
      instructorOf({
        duty: {
          paragraph: '142.49(c)(1)',
          limitMinutes: 480,
          sessionsCounted: 2,
          basis: 'Sessions on the fleet’s devices that name this person as instructor',
          windows: [
            {
              from: '2026-03-02T06:00:00.000Z',
              to: '2026-03-03T06:00:00.000Z',
              minutes: 540,
              sessions: [
                {
                  id: 's-1',
                  deviceName: 'FFS 1',
                  startsAt: '2026-03-02T06:00:00.000Z',
                  minutes: 240,
                  trainingEventId: null,
                },
                {
                  id: 's-2',
                  deviceName: 'FFS 1',
                  startsAt: '2026-03-02T11:00:00.000Z',
                  minutes: 300,
                  trainingEventId: null,
                },
              ],
            },
          ],
        },
      }),
    );
    const windows = await screen.findByRole('list', { name: 'Windows over the limit' });
    expect(within(windows).getByText(/^9\.0 h in the 24 hours from/)).toBeTruthy();
    expect(windows.textContent).toContain('FFS 1');
  });

  it('lists the clocks, the designations and the timeline with its evidence and ledger', async () => {
    openFile();
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    const requirements = screen.getByRole('table', { name: 'Requirements and their clocks' });
    const row = within(requirements).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Instructor ground course',
      '14 CFR 142.53(a)(2)',
      '03/12/2025',
      '03/31/2026Grace month to 04/30/2026',
      'CurrentCompleted 03/12/2025; due by the end of March 2026.',
    ]);

    const timeline = screen.getByRole('list', { name: 'Qualifications, newest first' });
    const [recurrent, designation] = within(timeline).getAllByRole('listitem');
    expect(recurrent!.textContent).toContain('Instructor ground course');
    expect(
      within(recurrent!).getByRole('link', { name: 'Training event' }).getAttribute('href'),
    ).toBe(`/compliance-records/${EVENT_ID}`);
    expect(designation!.textContent).toContain('14 CFR 142.47(b)');
    expect(within(designation!).getByRole('link', { name: 'Document' }).getAttribute('href')).toBe(
      `/documents/${DOCUMENT_ID}`,
    );
    const [designated] = within(screen.getByRole('list', { name: 'Designations' })).getAllByRole(
      'listitem',
    );
    expect(designated!.textContent).toBe(
      'B737 type rating · FFS Level DDesignated 04/01/2021 Document',
    );
    expect(screen.getByText('Version').nextElementSibling!.textContent).toBe('3');
    expect(screen.getByText('Ledger leaf').nextElementSibling!.textContent).toBe('#41');
  });

  it('fills the form from a validated evidence document and adds the qualification with the body the contract names', async () => {
    const { api } = openFile();
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    await chooseOption(
      within(form()).getByRole('combobox', { name: /Evidence document/ }),
      /Stone proficiency check\.pdf · validated/,
    );
    // Kind and date come from the document's validated fields, and the form says so.
    await screen.findByText(/Filled from the validated fields of/);
    await waitFor(() =>
      expect((within(form()).getByLabelText(/^Completed on/) as HTMLInputElement).value).toBe(
        '2025-02-20',
      ),
    );
    expect(within(form()).getByRole('combobox', { name: 'Kind' }).textContent).toMatch(
      /Annual proficiency check/,
    );
    expect(api.callsTo('GET /api/instructors/:id/evidence/:documentId')[0]!.params).toEqual({
      id: CURRENT_ID,
      documentId: DOCUMENT_ID,
    });
    typeInto(within(form()).getByLabelText(/^Device/), 'FFS Level D');
    fireEvent.click(within(form()).getByRole('button', { name: 'Add qualification' }));

    await screen.findByText('Qualification recorded');
    const [call] = api.callsTo('POST /api/instructors/:id/qualifications');
    expect(call!.params.id).toBe(CURRENT_ID);
    expect(call!.body).toEqual({
      kind: 'proficiency_check_142_53_a7',
      completedAt: '2025-02-20',
      documentId: DOCUMENT_ID,
      trainingEventId: null,
      course: null,
      device: 'FFS Level D',
    });
    // The file the server answered replaces the page: a new version, the event on the timeline.
    await waitFor(() =>
      expect(screen.getByText('Version').nextElementSibling!.textContent).toBe('4'),
    );
    const timeline = screen.getByRole('list', { name: 'Qualifications, newest first' });
    expect(within(timeline).getAllByRole('listitem')[0]!.textContent).toContain(
      'Annual proficiency check in flight training equipment',
    );
    expect(api.callsTo('GET /api/instructors/:id')).toHaveLength(1);
  });

  it('shows a 422 from the server next to the field it names', async () => {
    const { api } = openFile();
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    api.on('POST /api/instructors/:id/qualifications', () =>
      apiError(422, 'Validation failed', 'validation_failed', [
        { path: 'completedAt', message: 'The check is dated before the person’s employment' },
      ]),
    );
    typeInto(within(form()).getByLabelText(/^Completed on/), '2019-05-01');
    fireEvent.click(within(form()).getByRole('button', { name: 'Add qualification' }));

    const date = within(form()).getByLabelText(/^Completed on/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(form()).getByText('The check is dated before the person’s employment'),
    ).toBeTruthy();
  });

  it('checks the form before sending: a designation names its course, an id is an id', async () => {
    const { api } = openFile();
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    await chooseOption(
      within(form()).getByRole('combobox', { name: 'Kind' }),
      /Written designation for a course/,
    );
    typeInto(within(form()).getByLabelText(/^Completed on/), '2025-02-20');
    typeInto(within(form()).getByLabelText(/^Evidence training event id/), 'evt-1');
    fireEvent.click(within(form()).getByRole('button', { name: 'Add qualification' }));
    await within(form()).findByText('A designation names the course it is for');
    expect(within(form()).getByText('Paste the id as shown in its page address')).toBeTruthy();
    expect(api.callsTo('POST /api/instructors/:id/qualifications')).toHaveLength(0);
  });

  it('does not offer an Instructor their own designations and checks, nor an Auditor the form', async () => {
    const own = instructorOf({ userId: userOf('instructor').id });
    const { unmount } = openFile(own, 'instructor');
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    fireEvent.keyDown(within(form()).getByRole('combobox', { name: 'Kind' }), { key: 'Enter' });
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.some((o) => o?.includes('Annual proficiency check'))).toBe(false);
    expect(options.some((o) => o?.includes('Written designation'))).toBe(false);
    expect(options.some((o) => o?.includes('Instructor ground course'))).toBe(true);
    unmount();

    openFile(instructorOf({ id: OVERDUE_ID }), 'auditor');
    await screen.findByRole('heading', { name: 'Morgan Hale' });
    expect(screen.queryByRole('form', { name: 'Add qualification' })).toBeNull();
  });
});
