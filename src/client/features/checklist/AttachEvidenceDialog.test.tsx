import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checklistItem, type ChecklistItemState } from '@shared/api/checklist';
import { uploadResponse, type DocumentDetail } from '@shared/api/documents';
import ComplianceChecklist from '../../pages/app/ComplianceChecklist';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { fakeXhr } from '../../test/fake-xhr';
import { checklistOf, documentOf, signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen, typeInto } from '../../test/render';

const ROSTER = documentOf({
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  originalName: 'Instructor roster 2025.pdf',
});
const MANUAL = documentOf({
  id: '1a2b3c4d-0000-4000-8000-000000000002',
  originalName: 'Training procedures manual.docx',
  status: 'validated',
});
const SYLLABUS = documentOf({
  id: '1a2b3c4d-0000-4000-8000-000000000003',
  originalName: 'B737 syllabus rev 4.pdf',
});

/** Item 1-02 already cites the manual; attaching a document adds it to the item's evidence. */
function evidenceServer() {
  const documents: DocumentDetail[] = [ROSTER, MANUAL, SYLLABUS];
  const checklist = checklistOf({
    '1-02': {
      evidence: [
        {
          documentId: MANUAL.id,
          name: MANUAL.originalName,
          mimeType: MANUAL.mimeType,
          status: MANUAL.status,
          linkedAt: '2025-02-10T09:00:00.000Z',
          linkedBy: { id: 'u1', name: 'Avery Admin', email: 'admin@northwind.test' },
        },
      ],
      revision: 2,
    },
  });
  let item: ChecklistItemState = checklist.items.find((i) => i.number === '1-02')!;
  const api = fakeApi({
    ...signedInAs('instructor'),
    'GET /api/checklist': checklist,
    'GET /api/documents': () => documents,
    'POST /api/checklist/:number/evidence': ({ body }: ApiCall) => {
      const { documentId } = body as { documentId: string };
      const document = documents.find((d) => d.id === documentId)!;
      item = checklistItem.parse({
        ...item,
        revision: item.revision + 1,
        evidence: [
          ...item.evidence,
          {
            documentId,
            name: document.originalName,
            mimeType: document.mimeType,
            status: document.status,
            linkedAt: '2025-03-06T14:00:00.000Z',
            linkedBy: { id: 'u2', name: 'Dana Fox', email: 'instructor@northwind.test' },
          },
        ],
      });
      return item;
    },
  });
  return { api, documents, attachments: () => api.callsTo('POST /api/checklist/:number/evidence') };
}

async function openAttach() {
  onDesktop();
  renderScreen(<ComplianceChecklist />, { route: '/compliance-checklist' });
  const trigger = (await screen.findByText('1-02', { selector: 'button span' })).closest('button')!;
  fireEvent.click(trigger);
  const evidence = screen.getByRole('region', { name: 'Evidence for item 1-02' });
  fireEvent.click(within(evidence).getByRole('button', { name: 'Attach Evidence' }));
  const dialog = await screen.findByRole('dialog', { name: 'Attach evidence to item 1-02' });
  await within(dialog).findByText(ROSTER.originalName);
  return { dialog, evidence };
}

/** Closes the dialog; the page behind it is hidden from assistive technology until then. */
async function close(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const names = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('li p.font-medium'), (p) => p.textContent);

describe('attaching evidence to a checklist item', () => {
  it('lists the organization’s documents, marks those attached and filters by name', async () => {
    evidenceServer();
    const { dialog } = await openAttach();
    expect(names(dialog)).toEqual([
      ROSTER.originalName,
      MANUAL.originalName,
      SYLLABUS.originalName,
    ]);
    const attached = within(dialog).getByRole('button', {
      name: 'Training procedures manual.docx is attached',
    });
    expect((attached as HTMLButtonElement).disabled).toBe(true);

    typeInto(within(dialog).getByRole('searchbox', { name: 'Filter documents' }), '  SYLLABUS ');
    expect(names(dialog)).toEqual([SYLLABUS.originalName]);
    typeInto(within(dialog).getByRole('searchbox', { name: 'Filter documents' }), 'hangar');
    expect(within(dialog).getByText('No document matches this filter.')).toBeTruthy();
  });

  it('attaches a document and shows it in the item’s evidence', async () => {
    const { attachments } = evidenceServer();
    const { dialog, evidence } = await openAttach();
    expect(within(evidence).getByText('(1)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: `Attach ${ROSTER.originalName}` }));

    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: `${ROSTER.originalName} is attached` }),
      ).toBeTruthy(),
    );
    expect(attachments().map((c) => [c.params.number, c.body])).toEqual([
      ['1-02', { documentId: ROSTER.id }],
    ]);
    expect(within(evidence).getByText('(2)')).toBeTruthy();
    await close(dialog);
    expect(
      within(evidence).getByRole('link', { name: ROSTER.originalName }).getAttribute('href'),
    ).toBe(`/api/documents/${ROSTER.id}/file`);
    expect(within(evidence).getByText(/Attached 03\/06\/2025 at .* by Dana Fox/)).toBeTruthy();
  });

  it('says why the server refused to attach a document', async () => {
    const { api } = evidenceServer();
    api.on('POST /api/checklist/:number/evidence', () =>
      apiError(404, 'Document not found', 'not_found'),
    );
    const { dialog } = await openAttach();
    fireEvent.click(
      within(dialog).getByRole('button', { name: `Attach ${SYLLABUS.originalName}` }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Document not found');
    expect(
      (
        within(dialog).getByRole('button', {
          name: `Attach ${SYLLABUS.originalName}`,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
  });

  it('uploads a new file and attaches it once it is stored', async () => {
    const { documents, attachments } = evidenceServer();
    const xhr = fakeXhr();
    const { dialog, evidence } = await openAttach();
    const picker = within(dialog).getByLabelText(
      'Upload a new file as evidence',
    ) as HTMLInputElement;
    // The same types as the upload panel, DOCX included.
    expect(picker.accept).toBe('.pdf,.xlsx,.csv,.jpg,.jpeg,.png,.docx');

    fireEvent.change(picker, {
      target: {
        files: [new File(['%PDF-1.7'], 'Check airman letter.pdf', { type: 'application/pdf' })],
      },
    });
    const upload = xhr.for('Check airman letter.pdf');
    expect(upload.url).toBe('/api/documents/upload');
    upload.progress(1, 2);
    expect(await within(dialog).findByText('Uploading… 50%')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Upload new file' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    const stored = documentOf({
      id: '1a2b3c4d-0000-4000-8000-000000000004',
      originalName: 'Check airman letter.pdf',
      status: 'uploaded',
    });
    documents.unshift(stored);
    upload.respond(201, uploadResponse.parse({ ...stored, documents: [stored] }));

    await waitFor(() => expect(attachments()).toHaveLength(1));
    expect(attachments()[0]!.body).toEqual({ documentId: stored.id });
    await waitFor(() => expect(within(dialog).queryByText(/Uploading…/)).toBeNull());
    await close(dialog);
    expect(within(evidence).getByRole('link', { name: 'Check airman letter.pdf' })).toBeTruthy();
  });

  it('keeps the server’s reason when the upload is refused, and attaches nothing', async () => {
    const { attachments } = evidenceServer();
    const xhr = fakeXhr();
    const { dialog } = await openAttach();
    fireEvent.change(within(dialog).getByLabelText('Upload a new file as evidence'), {
      target: { files: [new File(['x'], 'huge.pdf')] },
    });
    xhr.for('huge.pdf').respond(413, {
      message: 'The file is larger than 10 MB',
      code: 'payload_too_large',
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file is larger than 10 MB',
    );
    expect(attachments()).toHaveLength(0);
  });
});
