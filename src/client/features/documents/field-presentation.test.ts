import { describe, expect, it } from 'vitest';
import type { ExtractedDataItem } from '@shared/api/documents';
import {
  confidenceTone,
  documentView,
  fieldLabel,
  formatConfidence,
  highlightParts,
  needsValidation,
  parseSheetText,
} from './field-presentation';

const field = (patch: Partial<ExtractedDataItem> = {}): ExtractedDataItem => ({
  id: 'f1',
  fieldName: 'licenseNumber',
  extractedValue: '3456789',
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
});

describe('extracted field presentation', () => {
  it('labels fields as the validation form does', () => {
    expect(fieldLabel('licenseNumber')).toBe('Certificate Number');
    expect(fieldLabel('instructorName')).toBe('Instructor');
    expect(fieldLabel('medicalClass')).toBe('Medical Class');
  });

  it('shows confidence as a whole percent that never rounds up onto the threshold', () => {
    expect(formatConfidence(0.956)).toBe('95%');
    expect(formatConfidence(0.29)).toBe('29%');
    expect(formatConfidence(0.849)).toBe('84%');
    expect(confidenceTone(0.85, 0.85)).toBe('high');
    expect(confidenceTone(0.849, 0.85)).toBe('review');
    expect(confidenceTone(0.4, 0.85)).toBe('low');
    // An organization that chose 70 %: a reading at 75 % is no longer flagged.
    expect(confidenceTone(0.75, 0.7)).toBe('high');
    expect(confidenceTone(0.75, 0.85)).toBe('review');
  });

  it('asks for validation until the server holds the value on screen', () => {
    expect(needsValidation(field(), '3456789')).toBe(true);
    const validated = field({ validatedValue: '3456780', validatedAt: '2026-01-01T00:00:00Z' });
    expect(needsValidation(validated, ' 3456780 ')).toBe(false);
    expect(needsValidation(validated, '3456789')).toBe(true);
  });

  it('reads spreadsheet pages as a header and rows, keeping the row count', () => {
    const sheet = parseSheetText('Name\tCert\nA\t1\nB\t2\nC\t3\n', 2);
    expect(sheet).toEqual({
      header: ['Name', 'Cert'],
      rows: [
        ['A', '1'],
        ['B', '2'],
      ],
      totalRows: 3,
    });
    expect(documentView({ mimeType: 'text/csv' })).toBe('spreadsheet');
    expect(documentView({ mimeType: 'image/jpeg' })).toBe('image');
  });

  it('marks every occurrence of a value in page text, ignoring case', () => {
    expect(highlightParts('Name: Jordan Lee; jordan lee', 'Jordan Lee')).toEqual([
      { text: 'Name: ', match: false },
      { text: 'Jordan Lee', match: true },
      { text: '; ', match: false },
      { text: 'jordan lee', match: true },
    ]);
    expect(highlightParts('abc', '')).toEqual([{ text: 'abc', match: false }]);
  });
});
