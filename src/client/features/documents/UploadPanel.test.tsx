import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { uploadResponse } from '@shared/api/documents';
import { MAX_UPLOAD_BYTES } from '@shared/constants/uploads';
import DocumentImport from '../../pages/app/DocumentImport';
import { apiError, fakeApi } from '../../test/fake-api';
import { fakeXhr } from '../../test/fake-xhr';
import { documentOf, signedInAs } from '../../test/fixtures';
import { renderScreen } from '../../test/render';

const PDF = 'application/pdf';
const fileOf = (name: string, size = 2048, type = PDF) =>
  new File([new Uint8Array(size)], name, { type });

/** The server's answer to an upload: the stored document, freshly queued for reading. */
function stored(name: string, id: string) {
  const document = documentOf({ id, originalName: name, filename: name, status: 'uploaded' });
  return uploadResponse.parse({ ...document, documents: [document] });
}

function setUp(role: 'instructor' | 'viewer' = 'instructor') {
  const documents: ReturnType<typeof documentOf>[] = [];
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/documents': () => documents,
  });
  const xhr = fakeXhr();
  renderScreen(<DocumentImport />, { route: '/document-import' });
  return { api, xhr, documents };
}

const dropZone = () =>
  screen.findByRole('button', { name: 'Choose files to upload, or drop them here' });

async function drop(...files: File[]) {
  fireEvent.drop(await dropZone(), { dataTransfer: { files, types: ['Files'] } });
}

const queue = () => screen.getByRole('list', { name: 'Upload queue' });
const queueItem = (name: string) =>
  within(queue())
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;

describe('the upload panel', () => {
  it('sends each dropped file as its own multipart request, shows its progress and then the document', async () => {
    const { api, xhr, documents } = setUp();
    expect(await screen.findByText('No documents uploaded yet')).toBeTruthy();

    await drop(fileOf('Avery Quinn recurrent.pdf'), fileOf('roster.csv', 300, 'text/csv'));
    expect(xhr.sent).toHaveLength(2);
    for (const request of xhr.sent) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/documents/upload');
      expect(request.withCredentials).toBe(true);
      expect(request.headers.Accept).toBe('application/json');
    }
    expect(xhr.sent.map((r) => r.file.name).sort()).toEqual([
      'Avery Quinn recurrent.pdf',
      'roster.csv',
    ]);

    const pdf = xhr.for('Avery Quinn recurrent.pdf');
    await waitFor(() =>
      expect(queueItem('Avery Quinn recurrent.pdf').textContent).toContain('Uploading… 0%'),
    );
    pdf.progress(820, 2048);
    await waitFor(() =>
      expect(queueItem('Avery Quinn recurrent.pdf').textContent).toContain('Uploading… 40%'),
    );
    expect(
      within(queueItem('Avery Quinn recurrent.pdf'))
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    pdf.progress(2048, 2048);
    await waitFor(() =>
      expect(queueItem('Avery Quinn recurrent.pdf').textContent).toContain(
        'Sent, waiting for the server…',
      ),
    );

    documents.push(documentOf({ originalName: 'Avery Quinn recurrent.pdf', status: 'uploaded' }));
    pdf.respond(201, stored('Avery Quinn recurrent.pdf', documents[0]!.id));
    await waitFor(() =>
      expect(queueItem('Avery Quinn recurrent.pdf').textContent).toContain('Uploaded'),
    );
    expect(await screen.findByText('Upload successful')).toBeTruthy();
    expect(
      screen.getByText('Avery Quinn recurrent.pdf has been uploaded and is being processed.'),
    ).toBeTruthy();
    // The history asks again and lists the new document.
    const history = await screen.findByRole('list', { name: 'Documents' });
    expect(within(history).getByText('Avery Quinn recurrent.pdf')).toBeTruthy();
    expect(api.callsTo('GET /api/documents').length).toBeGreaterThanOrEqual(2);
    // The other file is still on its way.
    expect(queueItem('roster.csv').textContent).toContain('Uploading…');
  });

  it('keeps the server’s reason on a refused file and says so in a toast', async () => {
    const { xhr } = setUp();
    await drop(fileOf('scan.png', 4096, 'image/png'));
    xhr.for('scan.png').respond(415, {
      message: 'The file is not a PNG image: its bytes say it is a ZIP archive',
      code: 'unsupported_media_type',
    });
    await waitFor(() =>
      expect(queueItem('scan.png').textContent).toContain(
        'The file is not a PNG image: its bytes say it is a ZIP archive',
      ),
    );
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload scan.png')).toBeTruthy();
  });

  it('says the server could not be reached when the connection drops', async () => {
    const { xhr } = setUp();
    await drop(fileOf('log.pdf'));
    xhr.for('log.pdf').failToConnect();
    await waitFor(() =>
      expect(queueItem('log.pdf').textContent).toContain(
        'Upload failed: the server could not be reached',
      ),
    );
  });

  it('turns an error without a JSON body into a message with the status', async () => {
    const { xhr } = setUp();
    await drop(fileOf('log.pdf'));
    xhr.for('log.pdf').respond(502, '', 'Bad Gateway');
    await waitFor(() =>
      expect(queueItem('log.pdf').textContent).toContain('Upload failed: 502: Bad Gateway'),
    );
  });

  it('sends an ended session to sign-in instead of reporting a failed upload', async () => {
    const { xhr } = setUp();
    await drop(fileOf('log.pdf'));
    xhr.for('log.pdf').respond(401, { message: 'Unauthorized', code: 'unauthenticated' });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.queryByText('Failed to upload log.pdf')).toBeNull();
  });

  it('refuses files it cannot send before sending anything, and says why', async () => {
    const { xhr } = setUp();
    await drop(
      fileOf('setup.exe'),
      fileOf('empty.pdf', 0),
      fileOf('huge.pdf', MAX_UPLOAD_BYTES + 1),
      fileOf('ok.pdf'),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('3 files were not added')).toBeTruthy();
    const reasons = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual([
      'setup.exe: File type must be one of .pdf, .xlsx, .csv, .jpg, .jpeg, .png, .docx',
      'empty.pdf: File is smaller than 1 bytes',
      `huge.pdf: File is larger than ${MAX_UPLOAD_BYTES} bytes`,
    ]);
    expect(xhr.sent.map((r) => r.file.name)).toEqual(['ok.pdf']);

    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels an upload in flight and drops it from the list', async () => {
    const { xhr } = setUp();
    await drop(fileOf('a.pdf'), fileOf('b.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.pdf' }));
    expect(xhr.for('a.pdf').aborted).toBe(true);
    expect(xhr.for('b.pdf').aborted).toBe(false);
    expect(within(queue()).queryByText('a.pdf')).toBeNull();
    expect(within(queue()).getByText('b.pdf')).toBeTruthy();
    expect(screen.queryByText('Upload failed')).toBeNull();
  });

  it('clears finished uploads and keeps the ones still running', async () => {
    const { xhr } = setUp();
    await drop(fileOf('done.pdf'), fileOf('broken.pdf'), fileOf('running.pdf'));
    expect(screen.queryByRole('button', { name: 'Clear finished' })).toBeNull();
    xhr.for('done.pdf').respond(201, stored('done.pdf', '2b1c6a7e-0d9f-4b1e-8c3a-5e2f1d0c9b8a'));
    xhr.for('broken.pdf').respond(500, { message: 'Internal error', code: 'internal_error' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear finished' }));
    expect(
      within(queue())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['running.pdf']);
  });

  it('opens the file picker from the keyboard and uploads what is picked', async () => {
    const { xhr } = setUp();
    const zone = await dropZone();
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
    expect(input.accept).toBe('.pdf,.xlsx,.csv,.jpg,.jpeg,.png,.docx');

    fireEvent.change(input, { target: { files: [fileOf('picked.docx', 900, '')] } });
    expect(xhr.sent.map((r) => r.file.name)).toEqual(['picked.docx']);
  });

  it('tells a Viewer that their role cannot upload', async () => {
    const { api, xhr } = setUp('viewer');
    expect(
      await screen.findByText(
        /The Viewer role cannot upload documents\.\s+Admins and instructors can\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Choose files to upload/ })).toBeNull();
    expect(xhr.sent).toHaveLength(0);
    // Nor is the organization's document list asked for on the Viewer's behalf.
    expect(api.callsTo('GET /api/documents')).toHaveLength(0);
  });
});

describe('a failed upload with the server’s validation message', () => {
  it('shows the message from the error body, not the status line', async () => {
    const { xhr } = setUp();
    await drop(fileOf('plan.pdf'));
    const refused = await apiError(
      403,
      'Your plan allows 100 documents',
      'plan_limit_reached',
    ).text();
    xhr.for('plan.pdf').respond(403, refused);
    await waitFor(() =>
      expect(queueItem('plan.pdf').textContent).toContain('Your plan allows 100 documents'),
    );
    expect(queueItem('plan.pdf').textContent).not.toContain('403');
  });
});

describe('leaving Document Import while a file is on its way', () => {
  /** Document Import, and a link-like toggle to another screen that keeps the app (and its toasts). */
  function Elsewhere() {
    const [away, setAway] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setAway((value) => !value)}>
          {away ? 'Back to Document Import' : 'Go to Dashboard'}
        </button>
        {away ? <p>Dashboard</p> : <DocumentImport />}
      </>
    );
  }

  const leaving = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('keeps the upload going, says how it ended, and shows it again on return', async () => {
    const documents: ReturnType<typeof documentOf>[] = [];
    fakeApi({ ...signedInAs('instructor'), 'GET /api/documents': () => documents });
    const xhr = fakeXhr();
    renderScreen(<Elsewhere />, { route: '/document-import' });
    await drop(fileOf('Quinn checkride.pdf'));
    // Closing the tab now would cancel the request: the browser is asked to confirm.
    expect(leaving()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(xhr.for('Quinn checkride.pdf').aborted).toBe(false);

    documents.push(documentOf({ originalName: 'Quinn checkride.pdf', status: 'uploaded' }));
    xhr.for('Quinn checkride.pdf').respond(201, stored('Quinn checkride.pdf', documents[0]!.id));
    expect(await screen.findByText('Upload successful')).toBeTruthy();
    expect(leaving()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back to Document Import' }));
    await waitFor(() => expect(queueItem('Quinn checkride.pdf').textContent).toContain('Uploaded'));
    expect(xhr.sent).toHaveLength(1);
  });
});
