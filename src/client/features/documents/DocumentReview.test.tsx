import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../test/fake-api';
import { documentOf, extractedFieldOf } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { MissingFields, RecordFromDocument, ReviewNotice } from './DocumentReview';

const REASON =
  'This looks like a training record, but Training Date was not found; enter it from the original or mark the document reviewed.';

describe('a document that needs review', () => {
  it('shows why, and settles it only with a note, which it sends', async () => {
    const document = documentOf({ status: 'needs_review', reviewReasons: [REASON] });
    const api = fakeApi({
      'POST /api/documents/:id/review': () => ({
        ...document,
        status: 'processed',
        reviewReasons: [REASON],
        awaitingValidation: false,
      }),
    });
    renderScreen(<ReviewNotice document={document} editable />);
    expect(screen.getByRole('heading', { name: 'This document needs review' })).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Mark reviewed' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reviewer’s note'), {
      target: { value: 'Date checked on the original: none was written.' },
    });
    fireEvent.click(button);
    await screen.findByText('Marked reviewed');
    expect(api.callsTo('POST /api/documents/:id/review').map((c) => c.body)).toEqual([
      { note: 'Date checked on the original: none was written.' },
    ]);
  });

  it('lets a reader see the reasons but not settle the document', () => {
    renderScreen(
      <ReviewNotice
        document={documentOf({ status: 'needs_review', reviewReasons: [REASON] })}
        editable={false}
      />,
    );
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
  });

  it('lists the expected fields not found and sends a value entered for one; a refusal is shown', async () => {
    const document = documentOf({
      status: 'needs_review',
      expectedFields: ['studentName', 'trainingDate', 'result'],
    });
    const api = fakeApi({
      'POST /api/documents/:id/extracted-data': apiError(
        409,
        'Training Date was already read from this document; validate that value instead',
        'conflict',
      ),
    });
    renderScreen(
      <MissingFields
        document={document}
        fields={[extractedFieldOf('studentName', 'Jordan Ellis')]}
        editable
      />,
    );
    expect(screen.getByText('2 expected fields were not found')).toBeTruthy();
    expect(screen.queryByLabelText('Student Name')).toBeNull();
    fireEvent.change(screen.getByLabelText('Training Date'), { target: { value: '2025-03-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Training Date' }));
    await screen.findByText(/already read from this document/);
    expect(api.callsTo('POST /api/documents/:id/extracted-data')[0]?.body).toEqual({
      fieldName: 'trainingDate',
      value: '2025-03-14',
    });
    // The value typed is kept after a refusal, to be corrected.
    expect((screen.getByLabelText('Training Date') as HTMLInputElement).value).toBe('2025-03-14');
  });

  it('offers a record only once validated', () => {
    renderScreen(
      <RecordFromDocument document={documentOf({ status: 'processed' })} records={[]} canCreate />,
    );
    expect(screen.queryByRole('link', { name: 'Create training record' })).toBeNull();
    cleanup();
    renderScreen(
      <RecordFromDocument document={documentOf({ status: 'validated' })} records={[]} canCreate />,
    );
    expect(screen.getByRole('link', { name: 'Create training record' }).getAttribute('href')).toBe(
      '/compliance-records?fromDocument=7157ef0b-69a5-410f-a075-b6ec605bc1aa',
    );
  });

  it('links the records made from a document instead of offering another', () => {
    renderScreen(
      <RecordFromDocument
        document={documentOf({ status: 'validated' })}
        records={[{ id: 'e1', studentName: 'Jordan Ellis', eventDate: '2025-03-14' }]}
        canCreate
      />,
    );
    expect(
      screen.getByRole('link', { name: 'Jordan Ellis, 2025-03-14' }).getAttribute('href'),
    ).toBe('/compliance-records/e1');
    expect(screen.queryByRole('link', { name: 'Create training record' })).toBeNull();
  });
});
