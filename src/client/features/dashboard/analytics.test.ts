import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  documentsByStatus,
  trainingEventsByStatus,
  trainingEventsByType,
} from './analytics';

describe('analytics', () => {
  it('lists every document status in lifecycle order, zeros included', () => {
    const rows = documentsByStatus([
      { key: 'error', count: 1 },
      { key: 'processed', count: 2 },
    ]);
    expect(rows.map((r) => [r.key, r.label, r.count])).toEqual([
      ['uploaded', 'Uploaded', 0],
      ['processing', 'Processing', 0],
      ['processed', 'Processed', 2],
      ['needs_review', 'Needs review', 0],
      ['validated', 'Validated', 0],
      ['error', 'Error', 1],
    ]);
  });

  it('keeps unknown training-event statuses after the known ones', () => {
    const rows = trainingEventsByStatus([
      { key: 'deferred', count: 1 },
      { key: 'completed', count: 140 },
    ]);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Completed', 140],
      ['Pending', 0],
      ['Failed', 0],
      ['Deferred', 1],
    ]);
  });

  it('orders event types by count, then by name', () => {
    const rows = trainingEventsByType([
      { key: 'Line Check', count: 1 },
      { key: 'Type Rating', count: 2 },
      { key: 'Ground School', count: 1 },
    ]);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Type Rating', 2],
      ['Ground School', 1],
      ['Line Check', 1],
    ]);
  });

  it('names the browser time zone for the server', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
