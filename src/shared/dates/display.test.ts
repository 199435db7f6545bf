import { describe, expect, it } from 'vitest';
import { displayDate, displayDatesIn, displayDateTime } from './display';

const paris = { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY' } as const;
const eastern = { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' } as const;

describe('dates as a reader wants them', () => {
  it('writes an instant in the reader’s zone and order', () => {
    // 23:30 UTC on 25 November is already the 26th in Paris and still the 25th in New York.
    expect(displayDate('2026-11-25T23:30:00.000Z', paris)).toBe('26/11/2026');
    expect(displayDate('2026-11-25T23:30:00.000Z', eastern)).toBe('11/25/2026');
    expect(displayDateTime('2026-11-25T23:30:00.000Z', paris)).toBe('26/11/2026 00:30');
    expect(displayDateTime('2026-11-25T23:30:00.000Z', eastern, { joiner: ' at ' })).toBe(
      '11/25/2026 at 06:30 PM',
    );
  });

  it('never moves a calendar day across a zone', () => {
    expect(
      displayDate('2026-03-01', { timezone: 'Pacific/Honolulu', dateFormat: 'DD/MM/YYYY' }),
    ).toBe('01/03/2026');
    expect(displayDate('2026-03-01', { timezone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD' })).toBe(
      '2026-03-01',
    );
  });

  it('follows daylight time and names the zone for documents', () => {
    expect(displayDateTime('2026-07-01T12:00:00Z', paris, { withZone: true })).toBe(
      '01/07/2026 14:00 GMT+2',
    );
    expect(displayDateTime('2026-01-01T12:00:00Z', eastern, { withZone: true })).toBe(
      '01/01/2026 07:00 AM EST',
    );
    expect(
      displayDateTime('2026-01-01T00:05:00Z', { timezone: 'UTC', dateFormat: 'MM/DD/YYYY' }),
    ).toBe('01/01/2026 12:05 AM');
  });

  it('rewrites the server’s ISO days inside a sentence and leaves other numbers alone', () => {
    expect(displayDatesIn('Overdue since 2026-09-01; part 2026-99-01 stays', paris)).toBe(
      'Overdue since 01/09/2026; part 2026-99-01 stays',
    );
  });

  it('shows what it cannot read as it came', () => {
    expect(displayDate('not a date', paris)).toBe('not a date');
  });
});
