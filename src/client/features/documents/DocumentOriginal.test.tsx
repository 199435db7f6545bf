import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DocumentDetail } from '@shared/api/documents';
import { fakeApi } from '../../test/fake-api';
import { documentOf } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { DocumentOriginal } from './DocumentOriginal';
import { boxPosition, type FocusedField } from './PageImageView';

const PAGES = [
  {
    page: 1,
    text: 'Training Completion Certificate\nStudent Name: Jordan Avery Pilot',
    source: 'text-layer',
    // US Letter in points: the page's boxes are in this space.
    boxWidth: 612,
    boxHeight: 792,
  },
  {
    page: 2,
    text: 'Remarks: all required maneuvers completed to standard.',
    source: 'text-layer',
    boxWidth: 612,
    boxHeight: 792,
  },
];

/** The student name, read on page 1 from x 61.2 to 306 pt and y 79.2 to 158.4 pt. */
const STUDENT: FocusedField = {
  page: 1,
  box: { x0: 61.2, y0: 79.2, x1: 306, y1: 158.4 },
  label: 'Student Name',
};

function show(
  document: DocumentDetail,
  props: { page?: number; focus?: FocusedField; highlight?: string } = {},
) {
  const api = fakeApi({ 'GET /api/documents/:id/pages': PAGES });
  const view = renderScreen(
    <DocumentOriginal
      document={document}
      page={props.page ?? 1}
      onPageChange={() => {}}
      focus={props.focus}
      highlight={props.highlight}
    />,
  );
  return { api, ...view };
}

async function loadedImage(name: string) {
  const image = await screen.findByRole('img', { name });
  fireEvent.load(image);
  return image;
}

describe('DocumentOriginal page image', () => {
  it('shows the page image by default and draws the focused field’s box where it was read', async () => {
    const document = documentOf({ originalName: 'certificate.pdf' });
    show(document, { focus: STUDENT, highlight: 'Jordan Avery Pilot' });

    expect(await screen.findByRole('tab', { name: 'Page image', selected: true })).toBeTruthy();
    const image = await loadedImage('Page 1 of certificate.pdf');
    expect(image.getAttribute('src')).toBe(`/api/documents/${document.id}/pages/1/image`);

    // 61.2 / 612 = 10 % from the left, 79.2 / 792 = 10 % from the top, 40 % wide, 10 % tall.
    const box = screen.getByTestId('field-box');
    expect(box.style.left).toBe('10%');
    expect(box.style.top).toBe('10%');
    expect(parseFloat(box.style.width)).toBeCloseTo(40, 6);
    expect(parseFloat(box.style.height)).toBeCloseTo(10, 6);
    expect(box.parentElement).toBe(image.parentElement);
    expect(screen.getByText('The amber box marks where Student Name was read.')).toBeTruthy();
  });

  it('marks nothing on a page the focused field is not on, or for a field without a box', async () => {
    const document = documentOf({ pageCount: 2 });
    const first = show(document, { page: 2, focus: STUDENT });
    await loadedImage(`Page 2 of ${document.originalName}`);
    expect(screen.queryByTestId('field-box')).toBeNull();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    first.unmount();

    show(document, { page: 1, focus: { ...STUDENT, box: null } });
    await loadedImage(`Page 1 of ${document.originalName}`);
    expect(screen.queryByTestId('field-box')).toBeNull();
    expect(screen.getByText('Student Name has no marked place on this page.')).toBeTruthy();
  });

  it('zooms in, out and back to fit with labelled buttons, the box keeping its place', async () => {
    show(documentOf(), { focus: STUDENT });
    await loadedImage(`Page 1 of ${documentOf().originalName}`);
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    const zoomIn = within(zoom).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(zoom).getByRole('button', { name: 'Zoom out' });
    const fit = within(zoom).getByRole('button', { name: 'Fit the whole page' });
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    expect(zoom.textContent).toContain('100%');

    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(zoom.textContent).toContain('200%');
    const box = screen.getByTestId('field-box');
    expect(box.style.left).toBe('10%');
    const sized = box.parentElement!.style.width;
    expect(sized.replace(/\s/g, '')).toMatch(/^calc\(2\*/);

    fireEvent.click(zoomOut);
    expect(zoom.textContent).toContain('150%');
    // The keyboard works on the image itself: - zooms out, 0 fits.
    const viewer = screen.getByRole('region', { name: /Image of page 1/ });
    fireEvent.keyDown(viewer, { key: '0' });
    expect(zoom.textContent).toContain('100%');
    expect((fit as HTMLButtonElement).disabled).toBe(true);
  });

  it('zooms in on a focused field too small to read at the whole-page size', async () => {
    // jsdom lays nothing out: the box is 9 px tall on screen, half of what reads comfortably.
    const rect = { x: 0, y: 0, top: 0, left: 0, right: 100, bottom: 9, width: 100, height: 9 };
    const spy = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ ...rect, toJSON: () => rect } as DOMRect);
    onTestFinished(() => spy.mockRestore());
    show(documentOf(), { focus: STUDENT });
    await loadedImage(`Page 1 of ${documentOf().originalName}`);
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    await waitFor(() => expect(zoom.textContent).toContain('200%'));
  });

  it('keeps the text read as the other view, the value marked', async () => {
    show(documentOf(), { focus: STUDENT, highlight: 'Jordan Avery Pilot' });
    const tab = await screen.findByRole('tab', { name: 'Text read' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const text = await screen.findByLabelText('Text of page 1');
    expect(text.querySelector('mark')?.textContent).toBe('Jordan Avery Pilot');
  });

  it('says so when the page image cannot be shown', async () => {
    show(documentOf({ mimeType: 'image/jpeg', originalName: 'photo.jpg' }), { focus: STUDENT });
    fireEvent.error(await screen.findByRole('img', { name: 'Page 1 of photo.jpg' }));
    expect(await screen.findByText(/could not be shown/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('boxPosition', () => {
  it('maps a box onto the page image as percentages of the box space, clamped to it', () => {
    expect(
      boxPosition({ x0: 100, y0: 50, x1: 300, y1: 100 }, { boxWidth: 1000, boxHeight: 500 }),
    ).toEqual({ left: 10, top: 10, width: 20, height: 10 });
    expect(
      boxPosition({ x0: 900, y0: 450, x1: 1200, y1: 600 }, { boxWidth: 1000, boxHeight: 500 }),
    ).toEqual({ left: 90, top: 90, width: 10, height: 10 });
    expect(
      boxPosition({ x0: 1, y0: 1, x1: 2, y1: 2 }, { boxWidth: null, boxHeight: null }),
    ).toBeUndefined();
  });
});
