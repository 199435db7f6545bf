import { describe, expect, it } from 'vitest';
import type { ExtractedDataItem } from '@shared/api/documents';
import type { ExtractedFieldName } from '@shared/api/fields';
import { prefillFromDocument } from './document-prefill';

const DOC = '5d0c7f0e-3b1a-4f4e-8c55-0a7e0f9b6a21';
let n = 0;
function item(
  fieldName: ExtractedFieldName,
  extractedValue: string,
  patch: Partial<ExtractedDataItem> = {},
) {
  return {
    id: String(++n),
    fieldName,
    extractedValue,
    confidenceScore: 0.9,
    page: 1,
    box: null,
    refinedBy: null,
    reviewNotes: [],
    validatedValue: null,
    validatedBy: null,
    validatedByName: null,
    validatedAt: null,
    ...patch,
  } satisfies ExtractedDataItem;
}
const validated = (value: string) => ({
  validatedValue: value,
  validatedAt: '2025-03-02T10:00:00Z',
});

describe('prefillFromDocument', () => {
  it('fills the form from validated values and links the document', () => {
    const prefill = prefillFromDocument(DOC, [
      item('studentName', 'Ana Ruis', validated('Ana Ruiz')),
      item('licenseNumber', '3456789', validated('3456789')),
      item('courseName', 'B737 Type Rating', validated('B737 Type Rating')),
      item('trainingDate', '2025-03-01', validated('2025-03-01')),
      item('instructorName', 'Dana Fox', validated('Dana Fox')),
      item('certificateType', 'Commercial Pilot', validated('Commercial Pilot')),
      item('dateOfBirth', '1990-01-01', validated('1990-01-01')),
    ]);
    expect(prefill.values).toMatchObject({
      studentName: 'Ana Ruiz',
      licenseNumber: '3456789',
      course: 'B737 Type Rating',
      eventDate: '2025-03-01',
      instructor: 'Dana Fox',
      remarks: 'Certificate type: Commercial Pilot',
      eventType: '',
      sourceDocumentId: DOC,
    });
    expect(prefill.unvalidated).toEqual([]);
    expect(prefill.filled).not.toContain('eventType');
  });

  it('prefers a validated reading over a more confident unvalidated one, and says which are unvalidated', () => {
    const prefill = prefillFromDocument(DOC, [
      item('studentName', 'A. Ruiz', { confidenceScore: 0.99 }),
      item('studentName', 'Ana Ruiz', { confidenceScore: 0.5, ...validated('Ana Ruiz') }),
      item('trainingDate', '2025-03-01', { confidenceScore: 0.6 }),
      item('trainingDate', '2025-03-04', { confidenceScore: 0.8 }),
      item('eventType', '   '),
    ]);
    expect(prefill.values.studentName).toBe('Ana Ruiz');
    expect(prefill.values.eventDate).toBe('2025-03-04');
    expect(prefill.values.eventType).toBe('');
    expect(prefill.unvalidated).toEqual(['eventDate']);
  });

  it('fills the result and takes the status from it: an unsatisfactory check is a failed event', () => {
    const failed = prefillFromDocument(DOC, [
      item('studentName', 'Ana Ruiz', validated('Ana Ruiz')),
      item('result', 'Unsatisfactory', validated('Unsatisfactory')),
    ]);
    expect(failed.values).toMatchObject({ result: 'Unsatisfactory', status: 'failed' });
    expect(failed.filled).toContain('result');
    const passed = prefillFromDocument(DOC, [item('result', 'Satisfactory')]);
    expect(passed.values).toMatchObject({ result: 'Satisfactory', status: 'completed' });
    expect(passed.unvalidated).toContain('result');
    const graded = prefillFromDocument(DOC, [item('result', '92%')]);
    expect(graded.values).toMatchObject({ result: '92%', status: 'completed' });
  });
});
