import { describe, expect, it } from 'vitest';
import type { TrainingEvent } from '@shared/api/training-events';
import { editPatch, EMPTY_EVENT, toFormValues, trainingEventFormSchema } from './event-form';

const record: TrainingEvent = {
  id: '0b8f8a52-1c0e-4f67-9d0e-5d1f4a3b2c10',
  studentName: 'Avery Quinn',
  licenseNumber: 'ATP-777',
  eventType: 'Recurrent',
  eventDate: '2025-01-10',
  status: 'completed',
  blockchainHash: 'a'.repeat(64),
  course: null,
  result: 'Satisfactory',
  instructor: 'Dana Fox',
  evaluator: null,
  remarks: null,
  sourceDocumentId: null,
  version: 2,
  ledgerIndex: 7,
  createdBy: null,
  updatedBy: null,
  createdAt: '2025-01-10T10:00:00.000Z',
  updatedAt: '2025-01-11T10:00:00.000Z',
};

const issues = (values: unknown) => {
  const parsed = trainingEventFormSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the training event form', () => {
  it('turns empty optional boxes into null and keeps what was typed', () => {
    const parsed = trainingEventFormSchema.parse({
      ...EMPTY_EVENT,
      studentName: '  Ana Ruiz ',
      eventType: 'Check',
      eventDate: '2025-03-01',
    });
    expect(parsed).toMatchObject({ studentName: 'Ana Ruiz', licenseNumber: null, remarks: null });
  });

  it('refuses impossible dates, and future dates unless the event is pending', () => {
    const base = { ...EMPTY_EVENT, studentName: 'Ana', eventType: 'Check' };
    expect(issues({ ...base, eventDate: '2025-02-30' })).toEqual([
      'eventDate: Use a real date written YYYY-MM-DD',
    ]);
    expect(issues({ ...base, eventDate: '2999-01-01', status: 'completed' })).toEqual([
      'eventDate: The date is in the future; only pending events can be dated later than today',
    ]);
    expect(issues({ ...base, eventDate: '2999-01-01', status: 'pending' })).toEqual([]);
  });

  it('sends only the changed fields of an edit, with the version it started from', () => {
    const values = trainingEventFormSchema.parse({
      ...toFormValues(record),
      status: 'failed',
      remarks: 'Re-check booked',
    });
    expect(editPatch(record, values)).toEqual({
      status: 'failed',
      remarks: 'Re-check booked',
      expectedVersion: 2,
    });
    expect(editPatch(record, trainingEventFormSchema.parse(toFormValues(record)))).toBeNull();
  });
});
