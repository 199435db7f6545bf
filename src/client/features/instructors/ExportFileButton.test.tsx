import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, fakeApi } from '../../test/fake-api';
import { isDisabled, renderScreen } from '../../test/render';
import { ExportFileButton } from './ExportFileButton';
import { OVERDUE_ID } from './test-data';

const NAME = 'instructor-file-riley-stone-v4.pdf';

/** Records what the browser was asked to save: the link's name and the blob behind it. */
function savedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs; the download reads one from the blob it was given.
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}

describe('Export PDF', () => {
  it('downloads the file under the name the server gives, disabled while it does', async () => {
    const saved = savedFiles();
    let answer: (res: Response) => void = () => {};
    const api = fakeApi({
      'GET /api/instructors/:id/file.pdf': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderScreen(<ExportFileButton instructorId={OVERDUE_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));

    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(isDisabled(busy)).toBe(true);
    answer(
      new Response('%PDF-1.7', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${NAME}"; filename*=UTF-8''${NAME}`,
        },
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(NAME);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7');
    await waitFor(() =>
      expect(isDisabled(screen.getByRole('button', { name: 'Export PDF' }))).toBe(false),
    );
    expect(api.callsTo('GET /api/instructors/:id/file.pdf')[0]!.params.id).toBe(OVERDUE_ID);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the server refuses, and saves nothing', async () => {
    const saved = savedFiles();
    fakeApi({
      'GET /api/instructors/:id/file.pdf': () =>
        apiError(404, 'Instructor file not found', 'not_found'),
    });
    renderScreen(<ExportFileButton instructorId={OVERDUE_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export failed: Instructor file not found',
    );
    expect(saved).toEqual([]);
    expect(isDisabled(screen.getByRole('button', { name: 'Export PDF' }))).toBe(false);
  });
});
