import { describe, expect, it } from 'vitest';
import {
  ataChapterOf,
  deviceKindOf,
  discrepancyStatusOf,
  instantOf,
  maintenanceKindOf,
  numberOf,
  severityOf,
} from './import-words';

describe('the words of fleet spreadsheets', () => {
  it('reads severities as logs write them', () => {
    const read = (words: string[]) => words.map(severityOf);
    expect(read(['No training impact', 'no-impact', 'NO_IMPACT', 'Minor', 'none', 'GO'])).toEqual(
      Array(6).fill('no_impact'),
    );
    expect(
      read(['Training restricted', 'Restricted training', 'degraded', 'Go with restrictions']),
    ).toEqual(Array(4).fill('restricted'));
    expect(read(['Device down', 'DOWN', 'NO-GO', 'no go', 'Grounded', 'U/S', 'AOG'])).toEqual(
      Array(7).fill('down'),
    );
    expect(read(['Catastrophic', 'high', 'go go', ''])).toEqual([null, null, null, null]);
  });

  it('reads device types, statuses and maintenance kinds', () => {
    expect(['FFS', 'Full Flight Simulator', 'sim'].map(deviceKindOf)).toEqual([
      'ffs',
      'ffs',
      'ffs',
    ]);
    expect(['FTD', 'flight training device'].map(deviceKindOf)).toEqual(['ftd', 'ftd']);
    expect(['Aircraft', 'airplane', 'A/C'].map(deviceKindOf)).toEqual(Array(3).fill('aircraft'));
    expect(deviceKindOf('FSTD')).toBeNull();
    expect(['Open', 'Deferred (MEL)', 'Resolved', 'closed'].map(discrepancyStatusOf)).toEqual([
      'open',
      'deferred',
      'closed',
      'closed',
    ]);
    expect(['Inspection', 'insp.', 'Scheduled maintenance', 'PM'].map(maintenanceKindOf)).toEqual([
      'inspection',
      'inspection',
      'scheduled',
      'scheduled',
    ]);
  });

  it('reads a date as noon UTC and a date with a time as UTC unless it says otherwise', () => {
    expect(instantOf('2024-03-05')).toBe('2024-03-05T12:00:00.000Z');
    expect(instantOf('03/05/2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(instantOf('March 5, 2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(instantOf('2024-03-05 14:30')).toBe('2024-03-05T14:30:00.000Z');
    expect(instantOf('2024-03-05T14:30:15Z')).toBe('2024-03-05T14:30:15.000Z');
    expect(instantOf('2024-03-05 14:30 +02:00')).toBe('2024-03-05T12:30:00.000Z');
    expect(instantOf('2024-03-05T14:30-0500')).toBe('2024-03-05T19:30:00.000Z');
    expect(instantOf('03/05/2024 2:30 PM')).toBe('2024-03-05T14:30:00.000Z');
    expect(instantOf('03/05/2024 12:10 am')).toBe('2024-03-05T00:10:00.000Z');
    for (const wrong of ['2024-02-30', '2024-03-05 24:00', '2024-03-05 13:00 PM', 'soon', '']) {
      expect(instantOf(wrong), wrong).toBeNull();
    }
  });

  it('reads ATA chapters and numbers', () => {
    expect(['34', 'ATA 34', '34-11', '34-11-00', '5'].map(ataChapterOf)).toEqual([
      '34',
      '34',
      '34',
      '34',
      '05',
    ]);
    expect(['2a', '345', 'ATA'].map(ataChapterOf)).toEqual([null, null, null]);
    expect(['1234.5', '1,234.5', '12,345', '-5', '0'].map(numberOf)).toEqual([
      1234.5, 1234.5, 12345, -5, 0,
    ]);
    expect(['1.2.3', '12,34', 'ten', '1e3'].map(numberOf)).toEqual([null, null, null, null]);
  });
});
