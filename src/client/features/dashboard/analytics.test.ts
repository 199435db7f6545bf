import { describe, expect, it } from 'vitest';
import type { DocumentSummary, TrainingEventSummary } from '@shared/api/records';
import {
  activityPerDay,
  documentsByStatus,
  trainingEventsByStatus,
  trainingEventsByType,
} from './analytics';

const doc = (status: DocumentSummary['status']): DocumentSummary => ({
  id: status,
  originalName: 'a.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 1,
  status,
  errorMessage: null,
  createdAt: '2025-01-01T00:00:00Z',
});
const ev = (status: string, eventType: string): TrainingEventSummary => ({
  id: status + eventType,
  studentName: 'A',
  licenseNumber: null,
  eventType,
  eventDate: '2025-01-01',
  status,
  blockchainHash: null,
});

describe('analytics', () => {
  it('counts documents for every status, zeros included', () => {
    const rows = documentsByStatus([doc('processed'), doc('processed'), doc('error')]);
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      ['uploaded', 0],
      ['processing', 0],
      ['processed', 2],
      ['validated', 0],
      ['error', 1],
    ]);
  });

  it('keeps unknown training-event statuses after the known ones', () => {
    const rows = trainingEventsByStatus([ev('completed', 'X'), ev('deferred', 'X')]);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Completed', 1],
      ['Pending', 0],
      ['Failed', 0],
      ['Deferred', 1],
    ]);
  });

  it('orders event types by count', () => {
    const rows = trainingEventsByType([
      ev('completed', 'Line Check'),
      ev('failed', 'Type Rating'),
      ev('pending', 'Type Rating'),
    ]);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Type Rating', 2],
      ['Line Check', 1],
    ]);
  });

  it('buckets activity into the last 14 local days', () => {
    const now = new Date(2025, 2, 14, 12);
    const days = activityPerDay(
      [
        new Date(2025, 2, 14, 9).toISOString(),
        new Date(2025, 2, 14, 1).toISOString(),
        new Date(2025, 2, 1, 9).toISOString(),
        new Date(2025, 1, 20).toISOString(),
      ],
      now,
    );
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: '2025-03-01', count: 1 });
    expect(days[13]).toEqual({ day: '2025-03-14', count: 2 });
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });
});
