import { describe, expect, it } from 'vitest';
import { extractedDataItem } from './documents';
import { EXTRACTED_FIELD_NAMES, RECORD_FIELD_FROM_EXTRACTED, RECORD_FIELDS } from './fields';

const item = (fieldName: string) => ({
  id: 'f1',
  fieldName,
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
});

describe('the field vocabulary', () => {
  it('lets the documents contract carry every extracted field name and refuse any other', () => {
    for (const name of EXTRACTED_FIELD_NAMES) {
      expect(extractedDataItem.safeParse(item(name)).success).toBe(true);
    }
    const unknown = extractedDataItem.safeParse(item('medicalClass'));
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.path).toEqual(['fieldName']);
  });

  it('maps extracted fields only onto record fields that exist', () => {
    const targets = Object.values(RECORD_FIELD_FROM_EXTRACTED);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(RECORD_FIELDS).toContain(target);
    for (const source of Object.keys(RECORD_FIELD_FROM_EXTRACTED)) {
      expect(EXTRACTED_FIELD_NAMES).toContain(source);
    }
  });
});
